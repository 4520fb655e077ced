//! `cluster-load`: the checks of `cargo xtask cluster` that need an HTTP client, against three
//! API processes (`--urls`, each reached directly) and the balancer in front of them (`--url`).
//!
//! - `sessions --urls A,B,C --tokens FILE`: every session of the file is valid on every process.
//! - `rate-limit --urls A,B,C`: a sign-in code asked through the first process makes the next
//!   ask for the same address, through each other process, answer 429: the limit is shared.
//! - `edit --urls A,B,C --token T`: an admin renames a product through the first process; the
//!   new name must be read through each other process within 2 s.
//! - `cancel --url U --tokens FILE --token T`: every shopper of the file asks, through the
//!   balancer, to cancel each of their orders, and the admin of `--token` approves each request
//!   at once; prints how many were approved. Their refunds are then the settlers' to follow.
//! - `reserve --url U --tokens FILE`: every shopper of the file checks out one unit of the same
//!   size and does not pay; prints `reserve: <product> <size> <reserved>`.
//! - `load --url U --seconds S --connections C`: C clients browse the catalogue through the
//!   balancer for S seconds, and N more swipe (a random shopper of `--tokens` on a random
//!   product of `--products`); prints `load started` at once, then every failed call (no
//!   answer, or a status other than 2xx; for swipes, 4xx refusals are counted apart) with its
//!   time since the start, and a summary line.
//!
//! A failed check prints FAILED and exits non-zero.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

const USAGE: &str = "usage: cluster-load sessions --urls A,B,C --tokens FILE
       cluster-load rate-limit --urls A,B,C
       cluster-load edit --urls A,B,C --token TOKEN
       cluster-load reserve --url URL --tokens FILE
       cluster-load cancel --url URL --tokens FILE --token TOKEN
       cluster-load load --url URL --seconds S --connections C [--tokens FILE --products FILE --swipers N]";

/// How long an edit made through one process may take to be read through the others.
const EDIT_VISIBLE_WITHIN: Duration = Duration::from_secs(2);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("a runtime")
        .and_then(|runtime| runtime.block_on(run(&args)));
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cluster-load: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: &[String]) -> Result<bool> {
    let Some((command, rest)) = args.split_first() else {
        bail!("{USAGE}");
    };
    let mut options = std::collections::BTreeMap::new();
    for pair in rest.chunks(2) {
        match pair {
            [flag, value] if flag.starts_with("--") => {
                options.insert(flag[2..].to_owned(), value.clone());
            }
            _ => bail!("options come as --flag value\n{USAGE}"),
        }
    }
    let text = |name: &str| -> Result<String> {
        options
            .get(name)
            .cloned()
            .with_context(|| format!("--{name} is required\n{USAGE}"))
    };
    let urls = || -> Result<Vec<String>> {
        Ok(text("urls")?
            .split(',')
            .map(|u| u.trim_end_matches('/').to_owned())
            .collect())
    };
    let client = Client::builder().timeout(Duration::from_secs(30)).build()?;
    match command.as_str() {
        "sessions" => sessions(&client, &urls()?, &text("tokens")?).await,
        "rate-limit" => rate_limit(&client, &urls()?).await,
        "edit" => edit(&client, &urls()?, &text("token")?).await,
        "reserve" => reserve(&client, &text("url")?, &text("tokens")?).await,
        "cancel" => cancel(&client, &text("url")?, &text("tokens")?, &text("token")?).await,
        "load" => {
            let number = |name: &str| -> Result<u64> {
                text(name)?
                    .parse()
                    .with_context(|| format!("--{name} needs a whole number"))
            };
            let swipes = match (options.get("tokens"), options.get("products")) {
                (Some(tokens), Some(products)) => {
                    let lines = |file: &String| -> Result<Vec<String>> {
                        Ok(std::fs::read_to_string(file)?
                            .lines()
                            .filter(|l| !l.is_empty())
                            .map(str::to_owned)
                            .collect())
                    };
                    Some(Swipes {
                        tokens: lines(tokens)?,
                        products: lines(products)?,
                        connections: number("swipers")?,
                    })
                }
                _ => None,
            };
            load(
                &client,
                &text("url")?,
                number("seconds")?,
                number("connections")?,
                swipes,
            )
            .await
        }
        other => bail!("unknown command {other}\n{USAGE}"),
    }
}

async fn call(
    client: &Client,
    method: Method,
    url: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Result<(StatusCode, Value)> {
    let mut request = client.request(method, url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await?;
    let status = response.status();
    let bytes = response.bytes().await?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

fn verdict(what: &str, ok: bool) -> bool {
    println!("{} {what}", if ok { "ok    " } else { "FAILED" });
    ok
}

async fn sessions(client: &Client, urls: &[String], tokens: &str) -> Result<bool> {
    let tokens = std::fs::read_to_string(tokens)?;
    let tokens: Vec<&str> = tokens.lines().filter(|l| !l.is_empty()).take(20).collect();
    let mut refused = 0;
    for token in &tokens {
        let mut users = Vec::new();
        for url in urls {
            let (status, body) = call(
                client,
                Method::GET,
                &format!("{url}/api/users/me"),
                Some(token),
                None,
            )
            .await?;
            if status != StatusCode::OK {
                refused += 1;
                eprintln!("{url}/api/users/me: {status} {body}");
            }
            users.push(body["_id"].clone());
        }
        if users.iter().any(|u| *u != users[0]) {
            refused += 1;
            eprintln!("one session, different users: {users:?}");
        }
    }
    Ok(verdict(
        &format!(
            "sessions: {} sessions each valid on all {} processes ({refused} refusals)",
            tokens.len(),
            urls.len()
        ),
        refused == 0 && !tokens.is_empty(),
    ))
}

async fn rate_limit(client: &Client, urls: &[String]) -> Result<bool> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_millis();
    let body = json!({"email": format!("limit-{stamp}@bench.invalid")});
    let ask = |url: &String| {
        let (client, body) = (client.clone(), body.clone());
        let target = format!("{url}/api/users/generate-otp");
        async move { call(&client, Method::POST, &target, None, Some(&body)).await }
    };
    let (first, answer) = ask(&urls[0]).await?;
    let mut ok = verdict(
        &format!("rate limit: a sign-in code through process 1 answers 200 (got {first} {answer})"),
        first == StatusCode::OK,
    );
    for (n, url) in urls.iter().enumerate().skip(1) {
        let (status, _) = ask(url).await?;
        ok &= verdict(
            &format!(
                "rate limit: the same address asked again through process {} answers 429 (got {status})",
                n + 1
            ),
            status == StatusCode::TOO_MANY_REQUESTS,
        );
    }
    Ok(ok)
}

async fn edit(client: &Client, urls: &[String], token: &str) -> Result<bool> {
    let (_, listed) = call(
        client,
        Method::GET,
        &format!("{}/api/products?limit=1", urls[0]),
        None,
        None,
    )
    .await?;
    let product = listed["products"][0]["_id"]
        .as_str()
        .or_else(|| listed[0]["_id"].as_str())
        .with_context(|| format!("no product listed: {listed}"))?
        .to_owned();
    let console = format!("{}/api/brand/products/{product}", urls[0]);
    let (status, read) = call(client, Method::GET, &console, Some(token), None).await?;
    if status != StatusCode::OK {
        bail!("GET {console}: {status} {read}");
    }
    let version = read["version"].as_i64().context("no version")?;
    let name = format!("Cluster edit {}", version + 1);
    let (status, edited) = call(
        client,
        Method::PATCH,
        &console,
        Some(token),
        Some(&json!({"name": name, "version": version})),
    )
    .await?;
    if status != StatusCode::OK {
        bail!("PATCH {console}: {status} {edited}");
    }
    let edited_at = Instant::now();
    let mut ok = true;
    for (n, url) in urls.iter().enumerate() {
        let path = format!("{url}/api/products/id/{product}");
        let seen = loop {
            let (_, body) = call(client, Method::GET, &path, None, None).await?;
            let read = body["name"]
                .as_str()
                .or_else(|| body["product"]["name"].as_str());
            if read == Some(name.as_str()) {
                break Some(edited_at.elapsed());
            }
            if edited_at.elapsed() > EDIT_VISIBLE_WITHIN {
                break None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        ok &= verdict(
            &format!(
                "edit: the new name read through process {} {}",
                n + 1,
                match seen {
                    Some(after) => format!("{} ms after the edit answered", after.as_millis()),
                    None => format!("not within {} s", EDIT_VISIBLE_WITHIN.as_secs()),
                }
            ),
            seen.is_some(),
        );
    }
    Ok(ok)
}

/// What the kill's load sends: browse calls, and swipes when `swipes` holds tokens and products.
struct Swipes {
    tokens: Vec<String>,
    products: Vec<String>,
    connections: u64,
}

async fn load(
    client: &Client,
    url: &str,
    seconds: u64,
    connections: u64,
    swipes: Option<Swipes>,
) -> Result<bool> {
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    println!("load started");
    let url: Arc<str> = url.trim_end_matches('/').into();
    let swipes = swipes.map(Arc::new);
    let swipers = swipes.as_ref().map_or(0, |s| s.connections);
    let mut tasks = tokio::task::JoinSet::new();
    for n in 0..connections + swipers {
        let (client, url, swipes) = (client.clone(), url.clone(), swipes.clone());
        let swiper = n >= connections;
        tasks.spawn(async move {
            let (mut done, mut failed, mut refused) = (0u64, Vec::new(), Vec::new());
            let mut i = 0usize;
            while Instant::now() < until {
                i += 1;
                let at = started.elapsed().as_millis();
                let request = match (&swipes, swiper) {
                    (Some(s), true) => {
                        let token = &s.tokens[(n as usize * 7919 + i * 13) % s.tokens.len()];
                        let product = &s.products[(n as usize * 17 + i * 31) % s.products.len()];
                        let action = if i % 5 < 3 { "like" } else { "dislike" };
                        client
                            .post(format!("{url}/api/analytics/track-swipe"))
                            .bearer_auth(token)
                            .json(&json!({"productId": product, "action": action}))
                    }
                    _ => client.get(format!("{url}/api/products?limit=20")),
                };
                let outcome = match request.send().await {
                    Ok(response) if response.status().is_success() => {
                        match response.bytes().await {
                            Ok(_) => None,
                            Err(e) => Some(format!("body cut: {}", chain(&e))),
                        }
                    }
                    Ok(response) if swiper && response.status().is_client_error() => {
                        refused.push(response.status().as_u16());
                        None
                    }
                    Ok(response) => Some(format!("status {}", response.status().as_u16())),
                    Err(e) => Some(format!("no answer: {}", chain(&e))),
                };
                done += 1;
                if let Some(what) = outcome {
                    let kind = if swiper { "swipe" } else { "browse" };
                    failed.push((at, format!("{kind} {what}")));
                }
            }
            (done, failed, refused)
        });
    }
    let (mut done, mut failed, mut refused) = (0u64, Vec::new(), Vec::new());
    while let Some(outcome) = tasks.join_next().await {
        let (d, f, r) = outcome?;
        done += d;
        failed.extend(f);
        refused.extend(r);
    }
    failed.sort();
    for (at, what) in &failed {
        println!("error at {at} ms: {what}");
    }
    refused.sort_unstable();
    let mut statuses = std::collections::BTreeMap::new();
    for status in refused {
        *statuses.entry(status).or_insert(0u64) += 1;
    }
    println!(
        "load: {done} calls in {seconds} s over {connections} browsing and {swipers} swiping connections, {} errors (swipes refused, by status: {statuses:?})",
        failed.len()
    );
    Ok(true)
}

async fn cancel(client: &Client, url: &str, tokens: &str, admin: &str) -> Result<bool> {
    let url = url.trim_end_matches('/');
    let tokens = std::fs::read_to_string(tokens)?;
    let (mut approved, mut seen, mut refused) = (0, 0, None);
    for token in tokens.lines().filter(|l| !l.is_empty()) {
        let (_, me) = call(
            client,
            Method::GET,
            &format!("{url}/api/users/me"),
            Some(token),
            None,
        )
        .await?;
        let Some(user) = me["_id"].as_str() else {
            bail!("/api/users/me without _id: {me}");
        };
        let (_, orders) = call(
            client,
            Method::GET,
            &format!("{url}/api/orders/user/{user}"),
            Some(token),
            None,
        )
        .await?;
        for order in orders["orders"].as_array().into_iter().flatten() {
            let Some(id) = order["_id"].as_str() else {
                continue;
            };
            seen += 1;
            let (asked, answer) = call(
                client,
                Method::POST,
                &format!("{url}/api/cancel-requests/create"),
                Some(token),
                Some(&json!({"orderId": id, "productIndex": 0, "reason": "cluster check"})),
            )
            .await?;
            if asked != StatusCode::OK {
                refused.get_or_insert(format!("{asked} {answer}"));
                continue;
            }
            let (status, body) = call(
                client,
                Method::POST,
                &format!("{url}/api/brand/orders/{id}/cancellation"),
                Some(admin),
                Some(&json!({"decision": "approve"})),
            )
            .await?;
            if status != StatusCode::OK {
                bail!("approving the cancellation of {id}: {status} {body}");
            }
            approved += 1;
        }
    }
    println!(
        "cancel: {approved} cancellations asked and approved of {seen} orders listed (first refusal: {})",
        refused.unwrap_or_default()
    );
    Ok(approved > 0)
}

async fn reserve(client: &Client, url: &str, tokens: &str) -> Result<bool> {
    let url = url.trim_end_matches('/');
    let (_, listed) = call(
        client,
        Method::GET,
        &format!("{url}/api/products?limit=20"),
        None,
        None,
    )
    .await?;
    // The size with the most units of the listed products, so that every shopper gets one.
    let mut best: Option<(String, String, u64)> = None;
    for product in listed.as_array().into_iter().flatten() {
        let Some(id) = product["_id"].as_str() else {
            continue;
        };
        for (size, units) in product["stock"].as_object().into_iter().flatten() {
            let units = units.as_u64().unwrap_or(0);
            if best.as_ref().is_none_or(|b| units > b.2) {
                best = Some((id.to_owned(), size.clone(), units));
            }
        }
    }
    let (product, size, units) = best.context("no product with stock listed")?;
    let tokens = std::fs::read_to_string(tokens)?;
    let mut reserved = 0;
    for token in tokens
        .lines()
        .filter(|l| !l.is_empty())
        .take(units.saturating_sub(1) as usize)
    {
        let (_, me) = call(
            client,
            Method::GET,
            &format!("{url}/api/users/me"),
            Some(token),
            None,
        )
        .await?;
        let user = me["_id"].as_str().context("/api/users/me without _id")?;
        let (_, address) = call(
            client,
            Method::POST,
            &format!("{url}/api/users/{user}/shipment"),
            Some(token),
            Some(&json!({
                "billing_customer_name": "Cluster Buyer",
                "billing_phone": "9876543210",
                "billing_email": "cluster.buyer@gmail.com",
                "billing_address": "Flat 12, Wing B Sea View",
                "billing_address_2": "Fort",
                "billing_city": "Mumbai",
                "billing_pincode": "400001",
                "billing_state": "Maharashtra",
                "billing_country": "India",
            })),
        )
        .await?;
        let address = address["_id"].as_str().context("an address without _id")?;
        let mut body = json!({
            "source": {"productId": product, "size": size, "quantity": 1},
            "addressId": address,
            "speed": "standard",
        });
        let (status, quoted) = call(
            client,
            Method::POST,
            &format!("{url}/api/checkout/quote"),
            Some(token),
            Some(&body),
        )
        .await?;
        if status != StatusCode::OK {
            bail!("quote: {status} {quoted}");
        }
        body["amount"] = quoted["total"].clone();
        body["currency"] = json!("INR");
        let (status, answer) = call(
            client,
            Method::POST,
            &format!("{url}/api/payments/create-order"),
            Some(token),
            Some(&body),
        )
        .await?;
        if status != StatusCode::OK {
            bail!("create-order: {status} {answer}");
        }
        reserved += 1;
    }
    println!("reserve: {product} {size} {reserved}");
    Ok(reserved > 0)
}

/// An error and its causes on one line.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
