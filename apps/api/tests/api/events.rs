//! The brands' live events over HTTP, on both databases: the stream's format and heartbeat,
//! every event type raised by the real calls (a checkout, a cancellation request, its approval
//! and refund, stock writes), brands kept apart, resuming with `Last-Event-ID`, the refusals,
//! the session ending the stream, and two API processes on one database.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{add_address, add_to_bag, buy, product_between};
use crate::helpers::{Backend, Options, Session, TestApp, demo, error_code, spawn_app_with};
use crate::on_both_backends;

on_both_backends!(
    the_stream_is_server_sent_events_with_a_heartbeat,
    every_event_type_reaches_its_brand_and_admins_only,
    a_stream_resumes_after_the_last_event_id,
    shoppers_and_other_brands_are_refused_and_streams_are_bounded,
    signing_out_ends_the_stream,
    an_order_placed_in_one_process_reaches_the_other_within_two_seconds,
    events_older_than_a_day_are_pruned,
    ids_follow_commit_order_when_transactions_commit_out_of_order,
);

/// One parsed SSE block: an event, or a comment or `retry:` line.
#[derive(Debug, Default, Clone)]
struct Frame {
    id: Option<i64>,
    event: Option<String>,
    data: Option<Value>,
    comment: Option<String>,
}

/// An open event stream, read block by block.
struct EventStream {
    res: reqwest::Response,
    buf: String,
    ended: bool,
}

impl EventStream {
    /// The next block within `within`; `None` when the stream ended or nothing came.
    async fn next_frame(&mut self, within: Duration) -> Option<Frame> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                return Some(parse(&block));
            }
            if self.ended {
                return None;
            }
            match tokio::time::timeout_at(deadline, self.res.chunk()).await {
                Err(_) => return None,
                Ok(Ok(Some(chunk))) => self.buf.push_str(&String::from_utf8_lossy(&chunk)),
                Ok(Ok(None) | Err(_)) => self.ended = true,
            }
        }
    }

    /// The next event (comments skipped) within `within`, or a panic naming `what`.
    async fn next_event(&mut self, within: Duration, what: &str) -> Frame {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = self
                .next_frame(left)
                .await
                .unwrap_or_else(|| panic!("no event within {within:?}: wanted {what}"));
            if frame.event.is_some() {
                return frame;
            }
        }
    }

    /// Asserts no event comes within `within` (comments may).
    async fn quiet_for(&mut self, within: Duration, who: &str) {
        let deadline = Instant::now() + within;
        while let Some(frame) = self
            .next_frame(deadline.saturating_duration_since(Instant::now()))
            .await
        {
            assert!(frame.event.is_none(), "{who} got {frame:?}");
        }
    }

    /// Whether the server ended the stream within `within`.
    async fn ends_within(&mut self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if self
                .next_frame(deadline.saturating_duration_since(Instant::now()))
                .await
                .is_none()
                && self.ended
            {
                return true;
            }
        }
        false
    }
}

fn parse(block: &str) -> Frame {
    let mut frame = Frame::default();
    for line in block.lines() {
        if let Some(comment) = line.strip_prefix(':') {
            frame.comment = Some(comment.trim().to_owned());
        } else if let Some(id) = line.strip_prefix("id: ") {
            frame.id = Some(id.parse().expect("a numeric id"));
        } else if let Some(event) = line.strip_prefix("event: ") {
            frame.event = Some(event.to_owned());
        } else if let Some(data) = line.strip_prefix("data: ") {
            frame.data = Some(serde_json::from_str(data).expect("JSON data"));
        }
    }
    frame
}

/// `GET /api/brand/events{query}` as `session` (by Bearer token), with `Last-Event-ID`.
async fn request(
    app: &TestApp,
    session: Option<&Session>,
    query: &str,
    last_event_id: Option<&str>,
) -> reqwest::Response {
    let mut req = app
        .client
        .get(app.url(&format!("/api/brand/events{query}")));
    if let Some(session) = session {
        req = req.bearer_auth(&session.token);
    }
    if let Some(id) = last_event_id {
        req = req.header("Last-Event-ID", id);
    }
    req.send().await.expect("request")
}

/// Opens a stream that must be accepted, and reads its `retry:` preamble.
async fn subscribe(
    app: &TestApp,
    session: &Session,
    query: &str,
    last_event_id: Option<&str>,
) -> EventStream {
    let res = request(app, Some(session), query, last_event_id).await;
    assert_eq!(res.status().as_u16(), 200, "{query}");
    assert_eq!(
        res.headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("text/event-stream")
    );
    let mut stream = EventStream {
        res,
        buf: String::new(),
        ended: false,
    };
    let first = stream
        .next_frame(Duration::from_secs(5))
        .await
        .expect("the preamble");
    assert!(first.event.is_none());
    stream
}

/// A test server with two brands' teams, an admin and a shopper with an address.
struct World {
    app: TestApp,
    /// Brand A's product and one of its sizes.
    product: &'static catalogue::Product,
    size: String,
    brand_a: String,
    brand_b: String,
    /// A product of brand B.
    product_b: &'static catalogue::Product,
    team_a: Session,
    team_b: Session,
    admin: Session,
    shopper: Session,
    address: String,
}

async fn world(backend: Backend, heartbeat: Option<Duration>) -> World {
    let app = spawn_app_with(
        backend,
        Options {
            events_heartbeat: heartbeat,
            ..Options::default()
        },
    )
    .await;
    world_on(app).await
}

async fn world_on(app: TestApp) -> World {
    let (product, size) = product_between(50_000, 140_000, 3);
    let product_b = demo()
        .products
        .iter()
        .find(|p| p.brand_id != product.brand_id && !p.stock.is_empty())
        .expect("another brand's product");
    let store = app.store();
    let now = crate::helpers::test_now();
    for (email, role, brand) in [
        (
            "team-a@example.in",
            access::Role::BrandUser,
            Some(product.brand_id.as_str()),
        ),
        (
            "team-b@example.in",
            access::Role::BrandUser,
            Some(product_b.brand_id.as_str()),
        ),
        ("admin@example.in", access::Role::Admin, None),
    ] {
        api::admin::grant_role(&store, email, role, brand, now).expect("granted");
    }
    let team_a = app.sign_in("team-a@example.in").await;
    let team_b = app.sign_in("team-b@example.in").await;
    let admin = app.sign_in("admin@example.in").await;
    let shopper = app.sign_in("kavya@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    World {
        brand_a: product.brand_id.to_string(),
        brand_b: product_b.brand_id.to_string(),
        app,
        product,
        size,
        product_b,
        team_a,
        team_b,
        admin,
        shopper,
        address,
    }
}

impl World {
    /// Sets `units` of `size` of `product` through the brand console, as `team`.
    async fn set_stock(&self, team: &Session, product: &str, size: &str, units: u32) {
        let (status, answer) = self
            .app
            .send_json(
                Method::PUT,
                &format!("/api/brand/products/{product}/stock"),
                Some(json!({ "stock": serde_json::Map::from_iter([(size.to_owned(), json!(units))]) })),
                Some(team),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
    }

    /// The shopper buys `quantity` of brand A's product: the order's id.
    async fn buy(&self, app: &TestApp, quantity: u32) -> String {
        add_to_bag(app, &self.shopper, self.product, &self.size, quantity).await;
        buy(
            app,
            &self.shopper,
            &json!({"source": "bag", "addressId": self.address, "speed": "standard"}),
        )
        .await
        .0
    }
}

fn assert_event(frame: &Frame, kind: &str, brand: &str) -> Value {
    assert_eq!(frame.event.as_deref(), Some(kind), "{frame:?}");
    let data = frame.data.clone().expect("data");
    assert_eq!(data["type"], kind, "{data}");
    assert_eq!(data["brandId"], brand, "{data}");
    assert!(
        data["at"].as_str().is_some_and(|at| at.ends_with('Z')),
        "{data}"
    );
    for field in ["orderId", "productId", "size", "units"] {
        assert!(
            data.get(field).is_some(),
            "{field} present (or null): {data}"
        );
    }
    data
}

const WAIT: Duration = Duration::from_secs(10);

async fn the_stream_is_server_sent_events_with_a_heartbeat(backend: Backend) {
    let w = world(backend, Some(Duration::from_millis(200))).await;
    let mut stream = subscribe(&w.app, &w.team_a, "", None).await;
    let beat = stream
        .next_frame(Duration::from_secs(3))
        .await
        .expect("a heartbeat");
    assert_eq!(beat.comment.as_deref(), Some("heartbeat"));
    assert!(beat.event.is_none());

    // An event: id, event and data lines, then a blank line.
    w.set_stock(&w.team_a, &w.product.id, &w.size, 20).await;
    w.set_stock(&w.team_a, &w.product.id, &w.size, 4).await;
    let low = stream.next_event(WAIT, "stock.low").await;
    assert!(low.id.is_some_and(|id| id > 0));
    let data = assert_event(&low, "stock.low", &w.brand_a);
    assert_eq!(data["productId"], w.product.id.as_str());
    assert_eq!(data["size"], w.size.as_str());
    assert_eq!(data["units"], 4);
    assert!(data["orderId"].is_null());
    assert_eq!(data["at"], "2026-11-23T10:00:00.000Z");

    // Already at or below the line: no second event.
    w.set_stock(&w.team_a, &w.product.id, &w.size, 3).await;
    stream.quiet_for(Duration::from_secs(2), "team A").await;

    // The cookie opens it too.
    let res = w
        .app
        .client
        .get(w.app.url("/api/brand/events"))
        .header("Cookie", &w.team_a.cookie)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
}

async fn every_event_type_reaches_its_brand_and_admins_only(backend: Backend) {
    let w = world(backend, None).await;
    let mut team_a = subscribe(&w.app, &w.team_a, "", None).await;
    let mut team_b = subscribe(&w.app, &w.team_b, "", None).await;
    let mut admin = subscribe(&w.app, &w.admin, "", None).await;
    let mut admin_b = subscribe(&w.app, &w.admin, &format!("?brandId={}", w.brand_b), None).await;
    let mut admin_a = subscribe(&w.app, &w.admin, &format!("?brandId={}", w.brand_a), None).await;

    // Six on sale (no event: still above the line); a checkout of one takes it to five.
    w.set_stock(&w.team_a, &w.product.id, &w.size, 6).await;
    let order = w.buy(&w.app, 1).await;
    // The shopper asks to cancel; the team approves; the refund completes.
    let (status, requested) = w
        .app
        .send_json(
            Method::POST,
            "/api/cancel-requests/create",
            Some(
                json!({"orderId": order, "productId": w.product.id, "productIndex": 0,
                        "reason": "Wrong size"}),
            ),
            Some(&w.shopper),
        )
        .await;
    assert_eq!(status, 200, "{requested}");
    let (status, approved) = w
        .app
        .send_json(
            Method::POST,
            &format!("/api/brand/orders/{order}/cancellation"),
            Some(json!({"decision": "approve"})),
            Some(&w.team_a),
        )
        .await;
    assert_eq!(status, 200, "{approved}");

    let mut seen = Vec::new();
    for stream in [&mut team_a, &mut admin, &mut admin_a] {
        let low = stream.next_event(WAIT, "stock.low").await;
        let data = assert_event(&low, "stock.low", &w.brand_a);
        assert_eq!(
            (&data["productId"], &data["size"], &data["units"]),
            (&json!(w.product.id), &json!(w.size), &json!(5))
        );
        let placed = stream.next_event(WAIT, "order.placed").await;
        let data = assert_event(&placed, "order.placed", &w.brand_a);
        assert_eq!(
            (&data["orderId"], &data["units"]),
            (&json!(order), &json!(1))
        );
        assert!(data["productId"].is_null() && data["size"].is_null());
        let cancel = stream.next_event(WAIT, "cancellation.requested").await;
        let data = assert_event(&cancel, "cancellation.requested", &w.brand_a);
        assert_eq!(
            (&data["orderId"], &data["productId"]),
            (&json!(order), &json!(w.product.id))
        );
        // The settler follows the refund every few seconds.
        let refund = stream
            .next_event(Duration::from_secs(30), "refund.completed")
            .await;
        let data = assert_event(&refund, "refund.completed", &w.brand_a);
        assert_eq!(data["orderId"], order.as_str());
        let ids: Vec<i64> = [&low, &placed, &cancel, &refund]
            .iter()
            .map(|f| f.id.expect("an id"))
            .collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids ascend: {ids:?}");
        seen.push(ids);
    }
    assert!(seen.windows(2).all(|s| s[0] == s[1]), "one id per event");

    // Brand B heard none of it; its own stock write reaches it (and the admins), not brand A.
    let b_size = &w.product_b.stock[0].0;
    w.set_stock(&w.team_b, &w.product_b.id, b_size, 50).await;
    w.set_stock(&w.team_b, &w.product_b.id, b_size, 1).await;
    for stream in [&mut team_b, &mut admin_b, &mut admin] {
        let low = stream.next_event(WAIT, "brand B's stock.low").await;
        let data = assert_event(&low, "stock.low", &w.brand_b);
        assert_eq!(data["units"], 1);
    }
    team_a.quiet_for(Duration::from_secs(1), "team A").await;
    admin_a.quiet_for(Duration::ZERO, "admin on brand A").await;
}

async fn a_stream_resumes_after_the_last_event_id(backend: Backend) {
    let w = world(backend, None).await;
    let mut live = subscribe(&w.app, &w.team_a, "", None).await;
    w.set_stock(&w.team_a, &w.product.id, &w.size, 30).await;
    let mut ids = Vec::new();
    for units in [5, 4] {
        // Up above the line, then down through it: one stock.low each time.
        w.set_stock(&w.team_a, &w.product.id, &w.size, 30).await;
        w.set_stock(&w.team_a, &w.product.id, &w.size, units).await;
        let frame = live.next_event(WAIT, "stock.low").await;
        assert_eq!(frame.data.as_ref().expect("data")["units"], units);
        ids.push(frame.id.expect("an id"));
    }
    // Brand B's event in between is never resumed to brand A.
    let b_size = &w.product_b.stock[0].0;
    w.set_stock(&w.team_b, &w.product_b.id, b_size, 50).await;
    w.set_stock(&w.team_b, &w.product_b.id, b_size, 2).await;
    w.set_stock(&w.team_a, &w.product.id, &w.size, 30).await;
    w.set_stock(&w.team_a, &w.product.id, &w.size, 3).await;
    let third = live.next_event(WAIT, "the third stock.low").await;
    let third_id = third.id.expect("an id");

    // By header: what came after the first.
    let first = ids[0].to_string();
    let mut resumed = subscribe(&w.app, &w.team_a, "", Some(&first)).await;
    let again = resumed.next_event(WAIT, "the second, again").await;
    assert_eq!(again.id, Some(ids[1]));
    assert_eq!(again.data.as_ref().expect("data")["units"], 4);
    let again = resumed.next_event(WAIT, "the third, again").await;
    assert_eq!(again.id, Some(third_id));
    assert_eq!(again.data, third.data);
    resumed.quiet_for(Duration::from_secs(1), "resumed").await;

    // By query, for clients that reconnect by hand; the header wins over it.
    let mut by_query =
        subscribe(&w.app, &w.team_a, &format!("?lastEventId={}", ids[1]), None).await;
    let again = by_query.next_event(WAIT, "the third, by query").await;
    assert_eq!(again.id, Some(third_id));
    let mut both = subscribe(
        &w.app,
        &w.team_a,
        "?lastEventId=0",
        Some(&third_id.to_string()),
    )
    .await;
    both.quiet_for(Duration::from_secs(1), "resumed after the last")
        .await;

    // An id that is no id.
    for (query, header) in [("?lastEventId=abc", None), ("", Some("-3"))] {
        let res = request(&w.app, Some(&w.team_a), query, header).await;
        assert_eq!(res.status().as_u16(), 400);
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "VALIDATION_FAILED");
        assert!(body["fields"]["lastEventId"].is_string(), "{body}");
    }
}

async fn shoppers_and_other_brands_are_refused_and_streams_are_bounded(backend: Backend) {
    // A stream the client closed is noticed when the server next writes to it: its heartbeat.
    let w = world(backend, Some(Duration::from_millis(200))).await;
    let res = request(&w.app, None, "", None).await;
    assert_eq!(res.status().as_u16(), 401);
    let res = request(&w.app, Some(&w.shopper), "", None).await;
    assert_eq!(res.status().as_u16(), 403);
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "FORBIDDEN");
    let res = request(
        &w.app,
        Some(&w.team_a),
        &format!("?brandId={}", w.brand_b),
        None,
    )
    .await;
    assert_eq!(res.status().as_u16(), 404);
    let res = request(&w.app, Some(&w.admin), "?brandId=no-such-brand", None).await;
    assert_eq!(res.status().as_u16(), 404);
    let res = request(
        &w.app,
        Some(&w.team_a),
        &format!("?brandId={}", "x".repeat(65)),
        None,
    )
    .await;
    assert_eq!(res.status().as_u16(), 400);
    let body: Value = res.json().await.expect("json");
    assert!(body["fields"]["brandId"].is_string(), "{body}");

    // Five streams per account; the sixth is refused until one closes.
    let mut open = Vec::new();
    for _ in 0..api::services::events::MAX_STREAMS_PER_ACCOUNT {
        open.push(subscribe(&w.app, &w.team_a, "", None).await);
    }
    let res = request(&w.app, Some(&w.team_a), "", None).await;
    assert_eq!(res.status().as_u16(), 429);
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "TOO_MANY_STREAMS");
    // Another account is not counted against this one.
    let _other = subscribe(&w.app, &w.team_b, "", None).await;
    drop(open.pop());
    let deadline = Instant::now() + WAIT;
    loop {
        let res = request(&w.app, Some(&w.team_a), "", None).await;
        if res.status().as_u16() == 200 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "a closed stream gives its slot back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn signing_out_ends_the_stream(backend: Backend) {
    let w = world(backend, Some(Duration::from_millis(200))).await;
    let mut stream = subscribe(&w.app, &w.team_a, "", None).await;
    let mut other = subscribe(&w.app, &w.team_b, "", None).await;
    let (status, _) = w
        .app
        .send_json(Method::POST, "/api/users/logout", None, Some(&w.team_a))
        .await;
    assert_eq!(status, 200);
    assert!(
        stream.ends_within(Duration::from_secs(3)).await,
        "the signed-out stream ends at the next heartbeat"
    );
    let beat = other
        .next_frame(Duration::from_secs(3))
        .await
        .expect("still beating");
    assert_eq!(beat.comment.as_deref(), Some("heartbeat"));

    // A session that expires ends too: the server's clock moves past the token's week.
    w.app.advance(chrono::TimeDelta::days(8));
    assert!(
        other.ends_within(Duration::from_secs(3)).await,
        "the expired stream ends"
    );
}

async fn an_order_placed_in_one_process_reaches_the_other_within_two_seconds(backend: Backend) {
    let w = world(backend.clone(), None).await;
    let second = spawn_app_with(
        backend,
        Options {
            database: Some(w.app.database_url()),
            ..Options::default()
        },
    )
    .await;
    // The team listens on the second process; the shopper buys through the first.
    let mut stream = subscribe(&second, &w.team_a, "", None).await;
    let order = w.buy(&w.app, 1).await;
    let placed_at = Instant::now();
    let frame = stream
        .next_event(
            Duration::from_secs(2),
            "order.placed from the other process",
        )
        .await;
    assert!(placed_at.elapsed() <= Duration::from_secs(2));
    let data = assert_event(&frame, "order.placed", &w.brand_a);
    assert_eq!(data["orderId"], order.as_str());

    // And the other way round, with the same ids in both processes.
    // Opened after the first order's event, as a console that saw it would reconnect.
    let seen = frame.id.expect("an id").to_string();
    let mut first = subscribe(&w.app, &w.team_a, "", Some(&seen)).await;
    let again = w.buy(&second, 1).await;
    let placed_at = Instant::now();
    let here = first
        .next_event(Duration::from_secs(2), "order.placed from the second")
        .await;
    assert!(placed_at.elapsed() <= Duration::from_secs(2));
    assert_eq!(here.data.as_ref().expect("data")["orderId"], again.as_str());
    let there = stream.next_event(WAIT, "the second's own").await;
    assert_eq!(there.id, here.id);
}

async fn events_older_than_a_day_are_pruned(backend: Backend) {
    let w = world(backend, None).await;
    let mut stream = subscribe(&w.app, &w.team_a, "", None).await;
    for units in [5, 4] {
        w.set_stock(&w.team_a, &w.product.id, &w.size, 30).await;
        w.set_stock(&w.team_a, &w.product.id, &w.size, units).await;
        stream.next_event(WAIT, "stock.low").await;
    }
    assert_eq!(w.app.count("brand_events"), 2);
    w.app.advance(chrono::TimeDelta::hours(23));
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(w.app.count("brand_events"), 2, "kept within the day");
    w.app.advance(chrono::TimeDelta::hours(2));
    let deadline = Instant::now() + WAIT;
    // The last numbered event stays, so numbers are never given twice.
    while w.app.count("brand_events") > 1 {
        assert!(Instant::now() < deadline, "pruned within moments");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn ids_follow_commit_order_when_transactions_commit_out_of_order(backend: Backend) {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    // SQLite has one writer at a time: transactions cannot commit out of order there.
    let Backend::Postgres { .. } = backend else {
        return;
    };
    let w = world(backend, None).await;
    let store::DatabaseUrl::Postgres(url) = w.app.database_url() else {
        unreachable!("a PostgreSQL test app")
    };
    let mut live = subscribe(&w.app, &w.team_a, "", None).await;
    // A transaction writes its event first and commits last (its row has the smaller `id`).
    let mut slow = diesel::PgConnection::establish(&url).expect("connect");
    slow.batch_execute(&format!(
        "BEGIN; INSERT INTO brand_events (brand_id, type, product_id, size, units, at) \
         VALUES ('{}', 'stock.low', '{}', '{}', 1, '2026-11-23 10:00:00')",
        w.brand_a, w.product.id, w.size
    ))
    .expect("an open transaction");
    w.set_stock(&w.team_a, &w.product.id, &w.size, 30).await;
    w.set_stock(&w.team_a, &w.product.id, &w.size, 2).await;
    let first = live.next_event(WAIT, "the committed event").await;
    assert_eq!(first.data.as_ref().expect("data")["units"], 2);
    let first_id = first.id.expect("an id");
    slow.batch_execute("COMMIT").expect("commit");
    let late = live.next_event(WAIT, "the late commit").await;
    assert_eq!(late.data.as_ref().expect("data")["units"], 1);
    assert!(
        late.id.expect("an id") > first_id,
        "numbered after what committed before it"
    );
    // A client that had read the first resumes with the late one: nothing was passed over.
    let mut resumed = subscribe(&w.app, &w.team_a, "", Some(&first_id.to_string())).await;
    let again = resumed.next_event(WAIT, "the late commit, resumed").await;
    assert_eq!(again.id, late.id);
}
