//! Shipping: the Shiprocket adapter against a fake speaking Shiprocket's API (the login, the
//! bearer token and its renewal, the custom order's fields, tracking and cancelling, every way
//! the service refuses or fails, and the password and token kept out of every error), and the
//! simulator that answers when no account is configured.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use delivery::DeliverySpeed;
use providers::{
    Booking, Customer, Parcel, PaymentMethod, ShipmentItem, ShipmentRequest, ShipmentStatus,
    Shipping, ShippingError, Shiprocket, SimulatedShipping,
};
use serde_json::{Value, json};
use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};

use crate::fake_model::{Recorded, read_request, write_answer};
use crate::smtp_server::free_port;

const EMAIL: &str = "api-user@casa.test";
const PASSWORD: &str = "sr-P4ssw0rd!-not-for-logs";
/// Every token the fake issues starts so, to be searched for in errors.
const TOKEN_PREFIX: &str = "eyJ-fake-sr-token-";

/// One request as the fake received it.
type Request = Recorded;

/// The bearer token a request carries.
fn bearer(request: &Request) -> Option<&str> {
    request.header("authorization")?.strip_prefix("Bearer ")
}

/// How the fake answers one request.
#[derive(Debug, Clone)]
enum Answer {
    Json(u16, String),
    /// Reads the request and never answers.
    Hang,
}

fn answer(status: u16, body: Value) -> Answer {
    Answer::Json(status, body.to_string())
}

/// Shiprocket's own error shape.
fn refusal(status: u16, message: &str) -> Answer {
    answer(status, json!({"message": message, "status_code": status}))
}

/// What a test changes in the fake's answers; the rest is Shiprocket's happy path.
#[derive(Debug, Clone, Default)]
struct Script {
    login: Option<Answer>,
    create: Option<Answer>,
    track: Option<Answer>,
    cancel: Option<Answer>,
    /// Refuse the first token with a 401 on its first use, as if revoked.
    revoke_first_token: bool,
    /// Refuse every token with a 401.
    refuse_every_token: bool,
}

/// A fake Shiprocket: logs in (a new token each time), checks the bearer token of every other
/// call, and answers as its [`Script`] says.
struct FakeShiprocket {
    base_url: String,
    requests: Arc<Mutex<Vec<Request>>>,
    server: tokio::task::JoinHandle<()>,
}

struct State {
    script: Script,
    logins: AtomicUsize,
    valid: Mutex<HashSet<String>>,
    revoked_once: AtomicBool,
}

impl FakeShiprocket {
    async fn start(script: Script) -> FakeShiprocket {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a listener");
        let port = listener.local_addr().expect("its address").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let recorded = Arc::clone(&requests);
        let state = Arc::new(State {
            script,
            logins: AtomicUsize::new(0),
            valid: Mutex::new(HashSet::new()),
            revoked_once: AtomicBool::new(false),
        });
        let server = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, Arc::clone(&state), Arc::clone(&recorded)));
            }
        });
        FakeShiprocket {
            base_url: format!("http://127.0.0.1:{port}"),
            requests,
            server,
        }
    }

    fn requests(&self) -> Vec<Request> {
        self.requests.lock().expect("not poisoned").clone()
    }

    fn paths(&self) -> Vec<String> {
        self.requests()
            .iter()
            .map(|r| format!("{} {}", r.method, r.path))
            .collect()
    }

    fn adapter(&self) -> Shiprocket {
        Shiprocket::new(Some(&self.base_url), EMAIL, PASSWORD, "Casa Mumbai").expect("valid")
    }
}

impl Drop for FakeShiprocket {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// Shiprocket's answers, as its API documentation shows them.
fn route(state: &State, request: &Request) -> Answer {
    let script = &state.script;
    if request.method == "POST" && request.path == "/v1/external/auth/login" {
        if let Some(answer) = &script.login {
            return answer.clone();
        }
        let n = state.logins.fetch_add(1, Ordering::SeqCst) + 1;
        let token = format!("{TOKEN_PREFIX}{n}");
        state
            .valid
            .lock()
            .expect("not poisoned")
            .insert(token.clone());
        return answer(
            200,
            json!({"id": 3, "first_name": "API", "last_name": "User", "email": EMAIL,
                   "company_id": 25149, "created_at": "2026-01-05 10:00:00", "token": token}),
        );
    }
    let token = bearer(request).unwrap_or_default().to_owned();
    let valid = state.valid.lock().expect("not poisoned").contains(&token);
    let revoke = script.revoke_first_token && !state.revoked_once.swap(true, Ordering::SeqCst);
    if !valid || revoke || script.refuse_every_token {
        state.valid.lock().expect("not poisoned").remove(&token);
        return refusal(401, "Unauthenticated.");
    }
    match (request.method.as_str(), request.path.as_str()) {
        ("POST", "/v1/external/orders/create/adhoc") => script.create.clone().unwrap_or_else(|| {
            answer(
                200,
                json!({"order_id": 16161616, "channel_order_id": "0190f1a2-0000-7000-8000-000000000001",
                       "shipment_id": 15151515, "status": "NEW", "status_code": 1,
                       "onboarding_completed_now": 0, "awb_code": "", "courier_company_id": "",
                       "courier_name": "", "new_channel": false, "packaging_box_error": ""}),
            )
        }),
        ("GET", path) if path.starts_with("/v1/external/courier/track/shipment/") => {
            script.track.clone().unwrap_or_else(|| answer(200, delivered()))
        }
        ("POST", "/v1/external/orders/cancel") => script
            .cancel
            .clone()
            .unwrap_or(Answer::Json(204, String::new())),
        _ => refusal(404, "404 Not Found"),
    }
}

async fn serve(stream: TcpStream, state: Arc<State>, requests: Arc<Mutex<Vec<Request>>>) {
    let mut reader = BufReader::new(stream);
    let request = read_request(&mut reader).await;
    requests.lock().expect("not poisoned").push(request.clone());
    let (status, body) = match route(&state, &request) {
        Answer::Json(status, body) => (status, body),
        Answer::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            return;
        }
    };
    write_answer(reader, status, &body).await;
}

/// Shiprocket's tracking answer for a delivered shipment (its documentation's example).
fn delivered() -> Value {
    json!({"tracking_data": {
        "track_status": 1,
        "shipment_status": 7,
        "shipment_track": [{
            "id": 236612717, "awb_code": "141123221084922", "courier_company_id": 51,
            "shipment_id": 236612717, "order_id": 237157589,
            "pickup_date": "2022-07-18 20:28:00", "delivered_date": "2022-07-19 11:37:00",
            "weight": "0.30", "packages": 1, "current_status": "Delivered",
            "delivered_to": "Chittoor", "destination": "Chittoor", "consignee_name": "",
            "origin": "Banglore", "courier_agent_details": null,
            "courier_name": "Xpressbees Surface", "edd": null, "pod": "Available"}],
        "shipment_track_activities": [
            {"date": "2022-07-19 11:37:00", "status": "DLVD", "activity": "Delivered",
             "location": "MADANPALLI, Madanapalli, ANDHRA PRADESH", "sr-status": "7",
             "sr-status-label": "DELIVERED"},
            {"date": "2022-07-19 08:57:00", "status": "OFD", "activity": "Out for Delivery",
             "location": "MADANPALLI, Madanapalli, ANDHRA PRADESH", "sr-status": "17",
             "sr-status-label": "OUT FOR DELIVERY"},
            {"date": "2022-07-19 07:33:00", "status": "RAD", "activity": "Reached at Destination",
             "location": "MADANPALLI, Madanapalli, ANDHRA PRADESH", "sr-status": "38",
             "sr-status-label": "REACHED AT DESTINATION HUB"},
            {"date": "2022-07-18 20:28:00", "status": "PKD", "activity": "Picked Shipment InScan from Manifest",
             "location": "BLR/FC1, BANGALORE, KARNATAKA", "sr-status": "6",
             "sr-status-label": "SHIPPED"},
            {"date": "2022-07-18 13:50:00", "status": "PUD", "activity": "PickDone ",
             "location": "RTO/CHD, BANGALORE, KARNATAKA", "sr-status": "42",
             "sr-status-label": "PICKED UP"},
            {"date": "2022-07-18 09:51:00", "status": "DRC", "activity": "Pending Manifest Data Received",
             "location": "RTO/CHD, BANGALORE, KARNATAKA", "sr-status": "NA",
             "sr-status-label": "NA"}],
        "track_url": "https://shiprocket.co//tracking/141123221084922",
        "etd": "2022-07-20 19:28:00"}})
}

fn order_date() -> DateTime<Utc> {
    // 16:05 in India.
    Utc.with_ymd_and_hms(2026, 3, 1, 10, 35, 0)
        .single()
        .expect("a valid time")
}

fn shipment() -> ShipmentRequest {
    ShipmentRequest {
        order_id: "0190f1a2-0000-7000-8000-000000000001".to_owned(),
        order_date: order_date(),
        speed: DeliverySpeed::Express,
        pickup_location: None,
        customer: Customer {
            name: "Asha Devi Rao".to_owned(),
            phone: "9876543210".to_owned(),
            email: "asha@gmail.com".to_owned(),
            address: "Flat 4, Sea View".to_owned(),
            address_2: "Marine Drive".to_owned(),
            city: "Mumbai".to_owned(),
            pincode: "400020".to_owned(),
            state: "Maharashtra".to_owned(),
            country: "India".to_owned(),
        },
        items: vec![
            ShipmentItem {
                name: "Linen shirt".to_owned(),
                sku: "0190f1a2-aaaa-7000-8000-000000000001".to_owned(),
                units: 2,
                selling_price_paise: 129_950,
            },
            ShipmentItem {
                name: "Cargo pants".to_owned(),
                sku: "0190f1a2-bbbb-7000-8000-000000000002".to_owned(),
                units: 1,
                selling_price_paise: 99_900,
            },
        ],
        sub_total_paise: 359_800,
        payment: PaymentMethod::Prepaid,
        parcel: Parcel::default(),
    }
}

/// The error's message and `Debug` hold neither the password nor any token.
fn assert_no_secrets(error: &ShippingError) {
    for text in [error.to_string(), format!("{error:?}")] {
        assert!(!text.contains(PASSWORD), "{text}");
        assert!(!text.contains(TOKEN_PREFIX), "{text}");
    }
}

#[tokio::test]
async fn books_with_a_token_and_shiprocket_s_fields() {
    let fake = FakeShiprocket::start(Script::default()).await;
    let shiprocket = fake.adapter();
    let booking = shiprocket.book(&shipment()).await.expect("booked");
    assert_eq!(
        booking,
        Booking {
            shipment_id: 15151515,
            order_ref: 16161616,
            channel_id: None,
            awb: None,
            courier: None,
            status: ShipmentStatus::Booked,
            estimated_delivery: None,
        }
    );
    let mut other = shipment();
    other.pickup_location = Some(" Casa Pune ".to_owned());
    shiprocket.book(&other).await.expect("booked again");

    assert_eq!(
        fake.paths(),
        [
            "POST /v1/external/auth/login",
            "POST /v1/external/orders/create/adhoc",
            "POST /v1/external/orders/create/adhoc",
        ],
        "one login serves both"
    );
    let requests = fake.requests();
    assert_eq!(requests[0].header("content-type"), Some("application/json"));
    assert_eq!(
        requests[0].json(),
        json!({"email": EMAIL, "password": PASSWORD})
    );
    assert_eq!(requests[0].header("authorization"), None);
    let token = format!("{TOKEN_PREFIX}1");
    assert_eq!(bearer(&requests[1]), Some(token.as_str()));
    assert_eq!(requests[1].header("content-type"), Some("application/json"));
    assert_eq!(
        requests[1].json(),
        json!({
            "order_id": "0190f1a2-0000-7000-8000-000000000001",
            "order_date": "2026-03-01 16:05",
            "pickup_location": "Casa Mumbai",
            "billing_customer_name": "Asha Devi",
            "billing_last_name": "Rao",
            "billing_address": "Flat 4, Sea View",
            "billing_address_2": "Marine Drive",
            "billing_city": "Mumbai",
            "billing_pincode": "400020",
            "billing_state": "Maharashtra",
            "billing_country": "India",
            "billing_email": "asha@gmail.com",
            "billing_phone": "9876543210",
            "shipping_is_billing": true,
            "order_items": [
                {"name": "Linen shirt", "sku": "0190f1a2-aaaa-7000-8000-000000000001",
                 "units": 2, "selling_price": "1299.50"},
                {"name": "Cargo pants", "sku": "0190f1a2-bbbb-7000-8000-000000000002",
                 "units": 1, "selling_price": "999.00"},
            ],
            "payment_method": "Prepaid",
            "sub_total": "3598.00",
            "length": 30,
            "breadth": 25,
            "height": 5,
            "weight": 0.5,
        })
    );
    assert_eq!(bearer(&requests[2]), Some(token.as_str()));
    assert_eq!(requests[2].json()["pickup_location"], "Casa Pune");
}

#[tokio::test]
async fn ids_written_as_strings_a_courier_and_a_channel_are_read() {
    let fake = FakeShiprocket::start(Script {
        create: Some(answer(
            200,
            json!({"order_id": "16161617", "shipment_id": "15151516", "channel_id": 76893,
                   "status": "READY TO SHIP", "status_code": 3, "awb_code": "141123221084922",
                   "courier_company_id": 51, "courier_name": "Xpressbees Surface"}),
        )),
        ..Script::default()
    })
    .await;
    let booking = fake.adapter().book(&shipment()).await.expect("booked");
    assert_eq!(
        booking,
        Booking {
            shipment_id: 15151516,
            order_ref: 16161617,
            channel_id: Some(76893),
            awb: Some("141123221084922".to_owned()),
            courier: Some("Xpressbees Surface".to_owned()),
            status: ShipmentStatus::Booked,
            estimated_delivery: None,
        }
    );
}

#[tokio::test]
async fn a_401_logs_in_once_more_and_retries_once() {
    let fake = FakeShiprocket::start(Script {
        revoke_first_token: true,
        ..Script::default()
    })
    .await;
    let shiprocket = fake.adapter();
    shiprocket
        .book(&shipment())
        .await
        .expect("booked after a new login");
    shiprocket.cancel(16161616).await.expect("cancelled");
    assert_eq!(
        fake.paths(),
        [
            "POST /v1/external/auth/login",
            "POST /v1/external/orders/create/adhoc",
            "POST /v1/external/auth/login",
            "POST /v1/external/orders/create/adhoc",
            "POST /v1/external/orders/cancel",
        ]
    );
    let requests = fake.requests();
    let second = format!("{TOKEN_PREFIX}2");
    assert_eq!(bearer(&requests[3]), Some(second.as_str()));
    assert_eq!(
        bearer(&requests[4]),
        Some(second.as_str()),
        "the new token is kept"
    );

    // A token Shiprocket never takes: one new login, then the refusal, no loop.
    let fake = FakeShiprocket::start(Script {
        refuse_every_token: true,
        ..Script::default()
    })
    .await;
    let error = fake
        .adapter()
        .track(15151515)
        .await
        .expect_err("never authorised");
    assert!(
        matches!(
            error,
            ShippingError::Refused {
                status: Some(401),
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("Unauthenticated."), "{error}");
    assert_no_secrets(&error);
    assert_eq!(fake.paths().len(), 4, "{:?}", fake.paths());
}

#[tokio::test]
async fn an_old_token_is_renewed_before_it_is_used() {
    let fake = FakeShiprocket::start(Script::default()).await;
    let shiprocket = fake
        .adapter()
        .with_token_lifetime(Duration::from_millis(300));
    shiprocket.track(15151515).await.expect("tracked");
    shiprocket.track(15151515).await.expect("tracked");
    tokio::time::sleep(Duration::from_millis(400)).await;
    shiprocket.track(15151515).await.expect("tracked");
    let logins = fake
        .paths()
        .iter()
        .filter(|p| p.ends_with("/auth/login"))
        .count();
    assert_eq!(logins, 2, "{:?}", fake.paths());
    let last = fake.requests().pop().expect("requests");
    let second = format!("{TOKEN_PREFIX}2");
    assert_eq!(bearer(&last), Some(second.as_str()));
}

#[tokio::test]
async fn concurrent_calls_share_one_login() {
    let fake = FakeShiprocket::start(Script::default()).await;
    let shiprocket = Arc::new(fake.adapter());
    let calls: Vec<_> = (0..4)
        .map(|_| {
            let shiprocket = Arc::clone(&shiprocket);
            tokio::spawn(async move { shiprocket.track(15151515).await })
        })
        .collect();
    for call in calls {
        call.await.expect("joined").expect("tracked");
    }
    let logins = fake
        .paths()
        .iter()
        .filter(|p| p.ends_with("/auth/login"))
        .count();
    assert_eq!(logins, 1, "{:?}", fake.paths());
}

#[tokio::test]
async fn refusals_carry_shiprocket_s_words() {
    let validation = answer(
        422,
        json!({"message": "Oops! Invalid Data.", "status_code": 422,
               "errors": {"billing_pincode": ["The billing pincode must be 6 digits."],
                          "billing_phone": ["The billing phone must be 10 digits."]}}),
    );
    let cases = [
        (
            validation,
            Some(422),
            "Oops! Invalid Data. (billing_phone: The billing phone must be 10 digits.; \
             billing_pincode: The billing pincode must be 6 digits.)",
        ),
        (
            refusal(400, "Given channel id does not exist"),
            Some(400),
            "Given channel id does not exist",
        ),
        (
            // Some invalid requests are answered 200, with the error in the body.
            answer(
                200,
                json!({"status_code": 422, "message": "Wrong Pickup location entered.",
                       "errors": {"pickup_location": ["Casa Mumbai"]}}),
            ),
            Some(422),
            "Wrong Pickup location entered. (pickup_location: Casa Mumbai)",
        ),
        (
            Answer::Json(404, "<html>Not Found</html>".to_owned()),
            Some(404),
            "<html>Not Found</html>",
        ),
    ];
    for (create, status, message) in cases {
        let fake = FakeShiprocket::start(Script {
            create: Some(create),
            ..Script::default()
        })
        .await;
        let error = fake.adapter().book(&shipment()).await.expect_err(message);
        match &error {
            ShippingError::Refused {
                service,
                status: got,
                message: said,
            } => {
                assert_eq!((got, said.as_str()), (&status, message));
                assert_eq!(
                    service,
                    &format!(
                        "Shiprocket at {}/v1/external/orders/create/adhoc",
                        fake.base_url
                    )
                );
            }
            other => panic!("{message}: {other:?}"),
        }
        assert_no_secrets(&error);
    }

    // Wrong credentials: the login is refused, and nothing else is sent.
    for login in [
        refusal(400, "Invalid email and password combination"),
        refusal(403, "Access forbidden. Too many failed login attempts."),
    ] {
        let fake = FakeShiprocket::start(Script {
            login: Some(login),
            ..Script::default()
        })
        .await;
        let error = fake
            .adapter()
            .book(&shipment())
            .await
            .expect_err("no token");
        assert!(
            matches!(&error, ShippingError::Refused { service, .. } if service.ends_with("/v1/external/auth/login")),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("Invalid email") || error.to_string().contains("Too many")
        );
        assert_no_secrets(&error);
        assert_eq!(fake.paths(), ["POST /v1/external/auth/login"]);
    }
}

#[tokio::test]
async fn unreadable_answers_are_bad_answers() {
    let cases = [
        (
            Script {
                create: Some(answer(200, json!({}))),
                ..Script::default()
            },
            "without order_id and shipment_id",
        ),
        (
            Script {
                create: Some(Answer::Json(200, "<html>ok</html>".to_owned())),
                ..Script::default()
            },
            "could not be read",
        ),
        (
            Script {
                login: Some(answer(200, json!({"id": 3, "email": EMAIL}))),
                ..Script::default()
            },
            "a login answer without a token",
        ),
    ];
    for (script, expected) in cases {
        let fake = FakeShiprocket::start(script).await;
        let error = fake.adapter().book(&shipment()).await.expect_err(expected);
        assert!(
            matches!(error, ShippingError::BadAnswer { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains(expected), "{error}");
        assert_no_secrets(&error);
    }
    let fake = FakeShiprocket::start(Script {
        track: Some(answer(200, json!({"status": "ok"}))),
        ..Script::default()
    })
    .await;
    let error = fake.adapter().track(1).await.expect_err("no tracking_data");
    assert!(
        matches!(error, ShippingError::BadAnswer { .. }),
        "{error:?}"
    );
}

#[tokio::test]
async fn server_errors_rate_limits_and_slowness_are_unavailable() {
    let cases = [
        (
            Script {
                cancel: Some(refusal(500, "Trying to get property of non-object")),
                ..Script::default()
            },
            "HTTP 500: Trying to get property of non-object",
        ),
        (
            Script {
                cancel: Some(Answer::Json(502, "<html>Bad Gateway</html>".to_owned())),
                ..Script::default()
            },
            "HTTP 502: <html>Bad Gateway</html>",
        ),
        (
            Script {
                cancel: Some(refusal(429, "Too Many Attempts.")),
                ..Script::default()
            },
            "HTTP 429: Too Many Attempts.",
        ),
        (
            Script {
                login: Some(refusal(503, "Service Unavailable")),
                ..Script::default()
            },
            "HTTP 503",
        ),
    ];
    for (script, expected) in cases {
        let fake = FakeShiprocket::start(script).await;
        let error = fake.adapter().cancel(16161616).await.expect_err(expected);
        assert!(
            matches!(error, ShippingError::Unavailable { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains(expected), "{error}");
        assert_no_secrets(&error);
    }

    for script in [
        Script {
            create: Some(Answer::Hang),
            ..Script::default()
        },
        Script {
            login: Some(Answer::Hang),
            ..Script::default()
        },
    ] {
        let fake = FakeShiprocket::start(script).await;
        let shiprocket = fake.adapter().with_timeout(Duration::from_millis(300));
        let started = Instant::now();
        let error = shiprocket.book(&shipment()).await.expect_err("too slow");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert!(
            matches!(error, ShippingError::Unavailable { .. }),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("no answer within 0.3 s"),
            "{error}"
        );
        assert_no_secrets(&error);
    }

    let port = free_port();
    let shiprocket = Shiprocket::new(
        Some(&format!("http://127.0.0.1:{port}")),
        EMAIL,
        PASSWORD,
        "",
    )
    .expect("valid");
    let error = shiprocket.track(1).await.expect_err("nothing listens");
    assert!(
        matches!(error, ShippingError::Unavailable { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().to_lowercase().contains("refused"),
        "{error}"
    );
    assert_no_secrets(&error);
}

#[tokio::test]
async fn tracking_reads_shiprocket_s_statuses_and_scans() {
    let fake = FakeShiprocket::start(Script::default()).await;
    let tracking = fake.adapter().track(236612717).await.expect("tracked");
    let request = fake.requests().pop().expect("requests");
    assert_eq!(
        (request.method.as_str(), request.path.as_str()),
        ("GET", "/v1/external/courier/track/shipment/236612717")
    );
    assert!(bearer(&request).is_some_and(|t| t.starts_with(TOKEN_PREFIX)));
    let ist = |text: &str| {
        chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
            .expect("a time")
            .and_utc()
            - chrono::TimeDelta::minutes(330)
    };
    assert_eq!(tracking.status, ShipmentStatus::Delivered);
    assert_eq!(tracking.updated_at, Some(ist("2022-07-19 11:37")));
    assert_eq!(tracking.estimated_delivery, Some(ist("2022-07-20 19:28")));
    assert_eq!(
        tracking
            .events
            .iter()
            .map(|e| e.status.clone())
            .collect::<Vec<_>>(),
        [
            ShipmentStatus::Delivered,
            ShipmentStatus::OutForDelivery,
            ShipmentStatus::Shipped,
            ShipmentStatus::Shipped,
            ShipmentStatus::PickedUp,
            ShipmentStatus::Unknown("Pending Manifest Data Received".to_owned()),
        ]
    );
    assert_eq!(tracking.events[1].description, "Out for Delivery");
    assert_eq!(
        tracking.events[1].location,
        "MADANPALLI, Madanapalli, ANDHRA PRADESH"
    );
    assert_eq!(tracking.events[4].at, Some(ist("2022-07-18 13:50")));

    let cases = [
        (
            // Booked, not yet scanned by a courier.
            json!({"tracking_data": {"track_status": 0,
                "error": "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon."}}),
            ShipmentStatus::Booked,
            0,
        ),
        (
            json!({"tracking_data": {"track_status": 1, "shipment_status": 42,
                "shipment_track": [{"current_status": "PICKED UP", "edd": "2021-12-27 23:23:18"}],
                "shipment_track_activities": [
                    {"date": "2021-12-23 14:23:18", "status": "X-PPOM",
                     "activity": "In Transit - Shipment picked up", "location": "Palwal", "sr-status": "42"}]}}),
            ShipmentStatus::PickedUp,
            1,
        ),
        (
            // A code Shiprocket added after this adapter: its words are kept.
            json!({"tracking_data": {"track_status": 1, "shipment_status": 99,
                "shipment_track": [{"current_status": "Held At Customs"}],
                "shipment_track_activities": null}}),
            ShipmentStatus::Unknown("Held At Customs".to_owned()),
            0,
        ),
        (
            json!({"tracking_data": {"track_status": 1, "shipment_status": 9,
                "shipment_track": [{"current_status": "RTO INITIATED"}]}}),
            ShipmentStatus::Failed("RTO Initiated".to_owned()),
            0,
        ),
    ];
    for (body, status, events) in cases {
        let fake = FakeShiprocket::start(Script {
            track: Some(answer(200, body)),
            ..Script::default()
        })
        .await;
        let tracking = fake.adapter().track(168347943).await.expect("tracked");
        assert_eq!(tracking.status, status);
        assert_eq!(tracking.events.len(), events);
    }

    let fake = FakeShiprocket::start(Script {
        track: Some(refusal(404, "404 Not Found")),
        ..Script::default()
    })
    .await;
    assert!(matches!(
        fake.adapter().track(1).await,
        Err(ShippingError::NotFound)
    ));
    // A 404 that is not Shiprocket's (a wrong base URL) is no answer about the shipment.
    let fake = FakeShiprocket::start(Script {
        track: Some(Answer::Json(404, "<html>Not Found</html>".to_owned())),
        ..Script::default()
    })
    .await;
    let error = fake.adapter().track(1).await.expect_err("not Shiprocket's");
    assert!(matches!(error, ShippingError::Refused { .. }), "{error:?}");
}

#[tokio::test]
async fn cancelling_sends_shiprocket_s_order_id() {
    let fake = FakeShiprocket::start(Script::default()).await;
    fake.adapter().cancel(16161616).await.expect("cancelled");
    let request = fake.requests().pop().expect("requests");
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v1/external/orders/cancel");
    assert_eq!(request.json(), json!({"ids": [16161616]}));

    let cases = [
        (refusal(404, "Order does not exist!"), "not found"),
        (
            answer(
                422,
                json!({"message": "Required field missing", "errors": {"ids": ["The ids field is required."]},
                       "status_code": 422}),
            ),
            "refused",
        ),
    ];
    for (cancel, kind) in cases {
        let fake = FakeShiprocket::start(Script {
            cancel: Some(cancel),
            ..Script::default()
        })
        .await;
        let error = fake.adapter().cancel(1).await.expect_err(kind);
        match kind {
            "not found" => assert!(matches!(error, ShippingError::NotFound), "{error:?}"),
            _ => assert!(matches!(error, ShippingError::Refused { .. }), "{error:?}"),
        }
    }
}

#[tokio::test]
async fn the_password_and_token_shiprocket_echoes_are_cut_out() {
    // A server that repeats what it was sent: the login's password, a call's token.
    let fake = FakeShiprocket::start(Script {
        login: Some(refusal(
            400,
            &format!("Wrong password {PASSWORD} for {EMAIL}"),
        )),
        ..Script::default()
    })
    .await;
    let error = fake.adapter().book(&shipment()).await.expect_err("refused");
    assert_no_secrets(&error);
    assert!(
        error.to_string().contains("Wrong password <password> for"),
        "{error}"
    );

    let fake = FakeShiprocket::start(Script {
        create: Some(refusal(
            422,
            &format!("Bearer {TOKEN_PREFIX}1 may not create orders; password {PASSWORD}"),
        )),
        ..Script::default()
    })
    .await;
    let shiprocket = fake.adapter();
    let error = shiprocket.book(&shipment()).await.expect_err("refused");
    assert_no_secrets(&error);
    assert!(
        error
            .to_string()
            .contains("Bearer <token> may not create orders; password <password>"),
        "{error}"
    );
    // With a token cached, the adapter's Debug still shows neither.
    let debug = format!("{shiprocket:?}");
    assert!(
        !debug.contains(PASSWORD) && !debug.contains(TOKEN_PREFIX),
        "{debug}"
    );
    assert!(!shiprocket.describe().contains(PASSWORD));
}

#[tokio::test]
async fn the_simulator_books_without_an_account() {
    let simulator: Arc<dyn Shipping> = Arc::new(SimulatedShipping::default());
    let booking = simulator.book(&shipment()).await.expect("booked");
    assert_eq!(booking.status, ShipmentStatus::Booked);
    assert!(booking.channel_id.is_some());
    let tracking = simulator.track(booking.shipment_id).await.expect("known");
    assert_eq!(tracking.status, ShipmentStatus::Booked);
    simulator
        .cancel(booking.order_ref)
        .await
        .expect("cancelled");
    assert_eq!(
        simulator
            .track(booking.shipment_id)
            .await
            .expect("known")
            .status,
        ShipmentStatus::Cancelled
    );
    let mut far = shipment();
    far.customer.pincode = "110001".to_owned();
    let error = simulator.book(&far).await.expect_err("beyond 50 km");
    assert!(matches!(error, ShippingError::Refused { .. }), "{error:?}");
    far.speed = DeliverySpeed::Standard;
    simulator
        .book(&far)
        .await
        .expect("standard goes anywhere in India");
    assert!(simulator.describe().starts_with("simulator"));
}
