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
//!   balancer for S seconds; prints `load started` at once, then every failed call with its
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
       cluster-load load --url URL --seconds S --connections C";

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
            load(
                &client,
                &text("url")?,
                number("seconds")?,
                number("connections")?,
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
        call(
            client,
            Method::POST,
            &format!("{url}/api/users/generate-otp"),
            None,
            Some(&body),
        )
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

async fn load(client: &Client, url: &str, seconds: u64, connections: u64) -> Result<bool> {
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    println!("load started");
    let path: Arc<str> = format!("{}/api/products?limit=20", url.trim_end_matches('/')).into();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..connections {
        let (client, path) = (client.clone(), path.clone());
        tasks.spawn(async move {
            let (mut done, mut failed) = (0u64, Vec::new());
            while Instant::now() < until {
                let at = started.elapsed().as_millis();
                let outcome = match client.get(&*path).send().await {
                    Ok(response) if response.status() == StatusCode::OK => {
                        match response.bytes().await {
                            Ok(_) => None,
                            Err(e) => Some(format!("body cut: {e}")),
                        }
                    }
                    Ok(response) => Some(format!("status {}", response.status().as_u16())),
                    Err(e) => Some(format!("no answer: {e}")),
                };
                done += 1;
                if let Some(what) = outcome {
                    failed.push((at, what));
                }
            }
            (done, failed)
        });
    }
    let (mut done, mut failed) = (0u64, Vec::new());
    while let Some(outcome) = tasks.join_next().await {
        let (d, f) = outcome?;
        done += d;
        failed.extend(f);
    }
    failed.sort();
    for (at, what) in &failed {
        println!("error at {at} ms: {what}");
    }
    println!(
        "load: {done} calls in {seconds} s over {connections} connections, {} errors",
        failed.len()
    );
    Ok(true)
}

async fn cancel(client: &Client, url: &str, tokens: &str, admin: &str) -> Result<bool> {
    let url = url.trim_end_matches('/');
    let tokens = std::fs::read_to_string(tokens)?;
    let mut approved = 0;
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
            let (asked, _) = call(
                client,
                Method::POST,
                &format!("{url}/api/cancel-requests/create"),
                Some(token),
                Some(&json!({"orderId": id, "reason": "cluster check"})),
            )
            .await?;
            if asked != StatusCode::OK {
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
    println!("cancel: {approved} cancellations asked and approved");
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
