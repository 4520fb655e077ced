//! `checkout-load`: the load driver of `cargo xtask bench checkout`, which builds it, serves the
//! shop and runs it; it drives the shop through HTTP as bench shoppers do in a browser, and
//! reads the stock ledger straight from the database (`--database-url`).
//!
//! - `race`: `--buyers` shoppers race for the last `--units` units of a size; every checkout
//!   is priced first, as on the checkout page, then all of them press Pay at once. Prints the
//!   reservation's and the placement's latency next to `/healthz` loaded as many at once, and
//!   checks that exactly `--units` orders are paid, every other buyer is told 409
//!   `OUT_OF_STOCK`, and the ledger holds no unit too many or too few. Then one of them checks
//!   out another size again and again up to the hour's limit of checkouts per account: each
//!   checkout must release the one before, and the one past the limit must answer 429.
//! - `storm`: `--buyers` at a time check out again and again until the server stops answering
//!   (the bench kills it), each account of `--tokens` up to the hour's limit and then the next
//!   account; then write the orders to `--state`. A 429 fails it: the load keeps to the limit.
//! - `check`: after the server is back, every order whose `verify` answered 200 must be placed,
//!   no shopper may hold more than one open checkout, and the stock must add up; then the
//!   reservations the kill left are lapsed as if their 10 minutes had passed, and every unit of
//!   them must be back on sale.
//!
//! A failed check prints FAILED and exits non-zero. Latencies are printed, never asserted: the
//! machine is shared and noisy, so they are quoted next to `/healthz` measured in the same run.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use reqwest::{Client, Method};
use serde_json::{Value, json};
use tokio::sync::Barrier;
use tokio::task::JoinSet;

const USAGE: &str = "usage: checkout-load race --url URL --database-url URL --tokens FILE --units N
       checkout-load storm --url URL --database-url URL --tokens FILE --buyers N --units N --state FILE
       checkout-load check --database-url URL --state FILE";

/// The target for the placement's p99 in the race.
const PLACEMENT_TARGET_MS: f64 = 100.0;

/// `/healthz` requests each buyer sends for the reference, one after the other: as many as
/// a checkout sends after its quote.
const HEALTHZ_PER_BUYER: usize = 3;

/// Checkouts (create-orders) one account may open in an hour: the storm keeps each account to
/// it, and the race's last step checks the one past it is refused.
const CHECKOUTS_PER_HOUR: u32 = access::limit::CHECKOUTS_PER_SHOPPER.max_per_window;

/// The stock of the size the limit's step checks out again and again: one unit more than a
/// shopper's single open checkout holds, so a checkout that did not release the one before
/// would find the size sold out two checkouts later.
const LIMIT_UNITS: u32 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("a runtime")
        .and_then(|runtime| runtime.block_on(run(&args)));
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("checkout-load: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the command; `false` when a check failed.
async fn run(args: &[String]) -> Result<bool> {
    let Some((command, rest)) = args.split_first() else {
        bail!("{USAGE}");
    };
    let options = Options::parse(rest)?;
    match command.as_str() {
        "race" => race(&options).await,
        "storm" => storm(&options).await,
        "check" => check(&options),
        other => bail!("unknown command {other}\n{USAGE}"),
    }
}

struct Options(BTreeMap<String, String>);

impl Options {
    fn parse(args: &[String]) -> Result<Self> {
        let mut options = BTreeMap::new();
        for pair in args.chunks(2) {
            match pair {
                [flag, value] if flag.starts_with("--") => {
                    options.insert(flag[2..].to_owned(), value.clone());
                }
                _ => bail!("options come as --flag value\n{USAGE}"),
            }
        }
        Ok(Self(options))
    }

    fn text(&self, name: &str) -> Result<&str> {
        self.0
            .get(name)
            .map(String::as_str)
            .with_context(|| format!("--{name} is required\n{USAGE}"))
    }

    fn number(&self, name: &str) -> Result<u32> {
        self.text(name)?
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .with_context(|| format!("--{name} needs a whole number above 0"))
    }

    fn store(&self) -> Result<store::Store> {
        let url = store::DatabaseUrl::parse(self.text("database-url")?)?;
        Ok(store::Store::open(&url, 2)?)
    }
}

/// One call's answer: its status, its `Retry-After` in seconds and its JSON body (`Null` when
/// it had none).
struct Answer {
    status: u16,
    retry_after: Option<u64>,
    body: Value,
}

/// The shop at `url` as the bench's shoppers see it.
#[derive(Clone)]
struct Shop {
    client: Client,
    url: Arc<str>,
}

impl Shop {
    fn new(url: &str) -> Result<Self> {
        Ok(Self {
            // Keep-alive connections, reused: the race measures the shop, not TCP handshakes.
            client: Client::builder().timeout(Duration::from_secs(30)).build()?,
            url: url.trim_end_matches('/').into(),
        })
    }

    /// Sends one call; `Err` when no answer came (the server is gone, or never answered).
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answer, reqwest::Error> {
        let mut request = self.client.request(method, format!("{}{path}", self.url));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|value| value.to_str().ok()?.parse().ok());
        let bytes = response.bytes().await?;
        Ok(Answer {
            status,
            retry_after,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        })
    }

    /// A call that must answer 2xx with JSON.
    async fn succeed(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Value> {
        let answer = self.call(method.clone(), path, token, body).await?;
        if !(200..300).contains(&answer.status) {
            bail!("{method} {path}: {} {}", answer.status, answer.body);
        }
        Ok(answer.body)
    }
}

/// A bench shopper ready to check out: a session and a delivery address.
#[derive(Clone)]
struct Buyer {
    token: Arc<str>,
    address_id: Arc<str>,
}

/// Gives every session of `--tokens` a new address in Mumbai, all at once (which also opens
/// the keep-alive connection each buyer then uses).
async fn buyers(shop: &Shop, options: &Options) -> Result<Vec<Buyer>> {
    let file = options.text("tokens")?;
    let tokens: Vec<String> = std::fs::read_to_string(file)
        .with_context(|| format!("reading {file}"))?
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect();
    if tokens.is_empty() {
        bail!("{file} holds no session token");
    }
    let mut tasks = JoinSet::new();
    for token in tokens {
        let shop = shop.clone();
        tasks.spawn(async move {
            let me = shop
                .succeed(Method::GET, "/api/users/me", Some(&token), None)
                .await?;
            let user = me["_id"].as_str().context("/api/users/me without _id")?;
            let address = shop
                .succeed(
                    Method::POST,
                    &format!("/api/users/{user}/shipment"),
                    Some(&token),
                    Some(&json!({
                        "billing_customer_name": "Bench Buyer",
                        "billing_phone": "9876543210",
                        "billing_email": "bench.buyer@gmail.com",
                        "billing_address": "Flat 12, Wing B Sea View",
                        "billing_address_2": "Fort",
                        "billing_city": "Mumbai",
                        "billing_pincode": "400001",
                        "billing_state": "Maharashtra",
                        "billing_country": "India",
                    })),
                )
                .await?;
            let address_id = address["_id"].as_str().context("an address without _id")?;
            anyhow::Ok(Buyer {
                token: token.into(),
                address_id: address_id.into(),
            })
        });
    }
    let mut ready = Vec::new();
    while let Some(done) = tasks.join_next().await {
        ready.push(done??);
    }
    Ok(ready)
}

/// A product's size the bench sells: the `nth` product of the catalogue's first page and its
/// first size.
#[derive(Clone)]
struct Item {
    product_id: String,
    size: String,
}

async fn pick_item(shop: &Shop, nth: usize) -> Result<Item> {
    let listed = shop
        .succeed(Method::GET, "/api/products?limit=20", None, None)
        .await?;
    let product = listed
        .as_array()
        .and_then(|products| products.get(nth))
        .with_context(|| format!("the catalogue lists fewer than {} products", nth + 1))?;
    Ok(Item {
        product_id: product["_id"]
            .as_str()
            .context("a product's _id")?
            .to_owned(),
        size: product["sizes"][0]
            .as_str()
            .context("a product without sizes")?
            .to_owned(),
    })
}

/// Sets the item's stock in the database, then waits until the server's catalogue shows it
/// (it follows the database's change feed every second).
async fn stock_item(shop: &Shop, store: &store::Store, item: &Item, units: u32) -> Result<()> {
    let product = store::ids::ProductId::new(item.product_id.as_str());
    if !store.set_stock(&product, &item.size, units, chrono::Utc::now())? {
        bail!("{} does not come in {}", item.product_id, item.size);
    }
    let path = format!("/api/products/id/{}", item.product_id);
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let product = shop.succeed(Method::GET, &path, None, None).await?;
        if product["stock"][&item.size].as_u64() == Some(u64::from(units)) {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("the server's catalogue did not show the new stock within 15 s");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How a checkout ended.
#[derive(Debug)]
enum Ended {
    /// `verify` answered 200 with this order id.
    Placed(String),
    /// A step answered an error: the step, the status and the error's code.
    Refused(&'static str, u16, String),
    /// A step got no answer: the server is gone.
    Cut(&'static str),
}

impl Ended {
    /// How the tables of answers name it.
    fn label(&self) -> String {
        match self {
            Ended::Placed(_) => "placed (verify 200)".to_owned(),
            Ended::Refused(step, status, code) => format!("{step} {status} {code}"),
            Ended::Cut(step) => format!("{step}: no answer"),
        }
    }
}

/// One checkout: how it ended, the shop's order its reservation answered with, and how long
/// its reservation and placement took when they answered.
struct Checkout {
    ended: Ended,
    order: Option<String>,
    reserve: Option<Duration>,
    place: Option<Duration>,
}

impl Checkout {
    /// A checkout that ended before its reservation was asked for.
    fn unreserved(ended: Ended) -> Self {
        Self {
            ended,
            order: None,
            reserve: None,
            place: None,
        }
    }
}

/// One step of a checkout: its answer's body, or how the checkout ends here; and how long it
/// took.
async fn step(
    shop: &Shop,
    buyer: &Buyer,
    name: &'static str,
    path: &str,
    body: &Value,
) -> (Result<Value, Ended>, Duration) {
    let started = Instant::now();
    let answer = shop
        .call(Method::POST, path, Some(&buyer.token), Some(body))
        .await;
    let took = started.elapsed();
    let outcome = match answer {
        Ok(answer) if (200..300).contains(&answer.status) => Ok(answer.body),
        Ok(answer) => Err(Ended::Refused(
            name,
            answer.status,
            answer.body["code"].as_str().unwrap_or("-").to_owned(),
        )),
        Err(_) => Err(Ended::Cut(name)),
    };
    (outcome, took)
}

/// The quote's body for one unit of `item`, delivered standard to the buyer's address.
fn checkout_body(buyer: &Buyer, item: &Item) -> Value {
    json!({
        "source": {"productId": item.product_id, "size": item.size, "quantity": 1},
        "addressId": &*buyer.address_id,
        "speed": "standard",
    })
}

/// Prices the checkout: the create-order body with the total the buyer saw.
async fn quote(shop: &Shop, buyer: &Buyer, item: &Item) -> Result<Value, Ended> {
    let mut body = checkout_body(buyer, item);
    let quoted = step(shop, buyer, "quote", "/api/checkout/quote", &body)
        .await
        .0?;
    body["amount"] = quoted["total"].clone();
    body["currency"] = json!("INR");
    Ok(body)
}

/// Reserves, pays with the sandbox's test card and verifies: what a buyer does after pressing
/// Pay.
async fn pay(shop: &Shop, buyer: &Buyer, create_order: &Value) -> Checkout {
    let (reserved, reserve) = step(
        shop,
        buyer,
        "create-order",
        "/api/payments/create-order",
        create_order,
    )
    .await;
    let mut checkout = Checkout {
        ended: Ended::Cut("create-order"),
        order: None,
        reserve: Some(reserve),
        place: None,
    };
    let reserved = match reserved {
        Ok(reserved) => reserved,
        Err(ended) => {
            if matches!(ended, Ended::Cut(_)) {
                checkout.reserve = None;
            }
            checkout.ended = ended;
            return checkout;
        }
    };
    checkout.order = reserved["checkoutId"].as_str().map(str::to_owned);
    let card = json!({
        "orderId": reserved["order"]["id"],
        "cardNumber": "4111 1111 1111 1111",
        "expiry": "12/30",
        "cvv": "123",
        "name": "Bench Buyer",
    });
    let paid = match step(
        shop,
        buyer,
        "sandbox/pay",
        "/api/payments/sandbox/pay",
        &card,
    )
    .await
    .0
    {
        Ok(paid) => paid,
        Err(ended) => {
            checkout.ended = ended;
            return checkout;
        }
    };
    let (verified, place) = step(shop, buyer, "verify", "/api/payments/verify", &paid).await;
    checkout.ended = match verified {
        Ok(verified) => {
            checkout.place = Some(place);
            match verified["orderId"].as_str() {
                Some(id) => Ended::Placed(id.to_owned()),
                None => Ended::Refused("verify", 200, "NO_ORDER_ID".to_owned()),
            }
        }
        Err(ended) => ended,
    };
    checkout
}

/// p50 and p99 (nearest rank) of `samples`, in milliseconds.
fn percentiles(samples: &[Duration]) -> (f64, f64) {
    let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let rank = |p: f64| {
        let at = ((p * ms.len() as f64).ceil() as usize).clamp(1, ms.len().max(1)) - 1;
        ms.get(at).copied().unwrap_or(f64::NAN)
    };
    (rank(0.50), rank(0.99))
}

/// `/healthz` from `buyers` tasks released at once, each sending [`HEALTHZ_PER_BUYER`] one
/// after the other: the reference the checkout's latencies are divided by.
async fn healthz_reference(shop: &Shop, buyers: usize) -> Result<Vec<Duration>> {
    let barrier = Arc::new(Barrier::new(buyers));
    let mut tasks = JoinSet::new();
    for _ in 0..buyers {
        let (shop, barrier) = (shop.clone(), barrier.clone());
        tasks.spawn(async move {
            barrier.wait().await;
            let mut took = Vec::with_capacity(HEALTHZ_PER_BUYER);
            for _ in 0..HEALTHZ_PER_BUYER {
                let started = Instant::now();
                shop.succeed(Method::GET, "/healthz", None, None).await?;
                took.push(started.elapsed());
            }
            anyhow::Ok(took)
        });
    }
    let mut all = Vec::new();
    while let Some(done) = tasks.join_next().await {
        all.extend(done??);
    }
    Ok(all)
}

/// Counts answers by label, in label order.
fn tally<'a>(ended: impl Iterator<Item = &'a Ended>) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for e in ended {
        *counts.entry(e.label()).or_insert(0) += 1;
    }
    counts
}

/// The checks of a scenario: each printed as it is made; `passed` until one fails.
struct Checks {
    passed: bool,
}

impl Checks {
    fn new() -> Self {
        Self { passed: true }
    }

    fn check(&mut self, what: &str, ok: bool) {
        println!("  check: {what}: {}", if ok { "ok" } else { "FAILED" });
        self.passed &= ok;
    }
}

fn ledger_of(store: &store::Store, item: &Item) -> Result<store::StockLedger> {
    store
        .stock_ledger(
            &store::ids::ProductId::new(item.product_id.as_str()),
            &item.size,
        )?
        .with_context(|| format!("{} has no size {}", item.product_id, item.size))
}

fn print_ledger(when: &str, ledger: &store::StockLedger) {
    println!(
        "  ledger {when}: {} for sale, {} in placed orders, {} in reserved orders",
        ledger.left_for_sale, ledger.placed, ledger.reserved
    );
}

async fn race(options: &Options) -> Result<bool> {
    let units = options.number("units")?;
    let shop = Shop::new(options.text("url")?)?;
    let store = options.store()?;
    let item = pick_item(&shop, 0).await?;
    let buyers = buyers(&shop, options).await?;
    stock_item(&shop, &store, &item, units).await?;
    println!(
        "race: {} buyers at once for the last {units} units of {} size {}",
        buyers.len(),
        item.product_id,
        item.size
    );
    let health = healthz_reference(&shop, buyers.len()).await?;

    // Every buyer has a quote, as on the checkout page; then all press Pay at once.
    let item = Arc::new(item);
    let barrier = Arc::new(Barrier::new(buyers.len()));
    let mut tasks = JoinSet::new();
    for (index, buyer) in buyers.iter().enumerate() {
        let (shop, buyer, item, barrier) =
            (shop.clone(), buyer.clone(), item.clone(), barrier.clone());
        tasks.spawn(async move {
            let quoted = quote(&shop, &buyer, &item).await;
            barrier.wait().await;
            let checkout = match quoted {
                Ok(body) => pay(&shop, &buyer, &body).await,
                Err(ended) => Checkout::unreserved(ended),
            };
            (index, checkout)
        });
    }
    let started = Instant::now();
    let mut checkouts = Vec::with_capacity(buyers.len());
    let mut reserving_buyer = None;
    while let Some(done) = tasks.join_next().await {
        let (index, checkout) = done?;
        if checkout.reserve.is_some() {
            reserving_buyer = Some(index);
        }
        checkouts.push(checkout);
    }
    let lasted = started.elapsed();

    let reserve: Vec<Duration> = checkouts.iter().filter_map(|c| c.reserve).collect();
    let place: Vec<Duration> = checkouts.iter().filter_map(|c| c.place).collect();
    let (health_p50, health_p99) = percentiles(&health);
    let (reserve_p50, reserve_p99) = percentiles(&reserve);
    let (place_p50, place_p99) = percentiles(&place);
    println!(
        "  {:<34} {:>6} {:>9} {:>9} {:>13}",
        "latency", "calls", "p50 ms", "p99 ms", "p99/healthz"
    );
    let row = |name: &str, n: usize, p50: f64, p99: f64| {
        println!(
            "  {name:<34} {n:>6} {p50:>9.2} {p99:>9.2} {:>12.1}x",
            p99 / health_p99
        );
    };
    row(
        &format!("/healthz, {HEALTHZ_PER_BUYER} per buyer at once"),
        health.len(),
        health_p50,
        health_p99,
    );
    row(
        "reservation (create-order)",
        reserve.len(),
        reserve_p50,
        reserve_p99,
    );
    row("placement (verify)", place.len(), place_p50, place_p99);
    println!(
        "  placement p99 {place_p99:.2} ms against the target of {PLACEMENT_TARGET_MS:.0} ms: {}; every buyer done in {:.0} ms",
        if place_p99 <= PLACEMENT_TARGET_MS {
            "met"
        } else {
            "NOT MET"
        },
        lasted.as_secs_f64() * 1000.0
    );
    let counts = tally(checkouts.iter().map(|c| &c.ended));
    for (label, count) in &counts {
        println!("  answers: {label}: {count}");
    }

    let ledger = ledger_of(&store, &item)?;
    print_ledger("after the race", &ledger);
    let paid = checkouts
        .iter()
        .filter(|c| matches!(c.ended, Ended::Placed(_)))
        .count();
    let out_of_stock = checkouts
        .iter()
        .filter(|c| matches!(&c.ended, Ended::Refused("create-order", 409, code) if code == "OUT_OF_STOCK"))
        .count();
    let units = i64::from(units);
    let mut checks = Checks::new();
    checks.check(
        &format!("paid orders {paid} == {units} units"),
        paid as i64 == units,
    );
    checks.check(
        &format!(
            "every other buyer told 409 OUT_OF_STOCK: {out_of_stock} of {}",
            buyers.len() - paid.min(buyers.len())
        ),
        paid + out_of_stock == buyers.len(),
    );
    checks.check(
        &format!("in placed orders {} == {units} units", ledger.placed),
        ledger.placed == units,
    );
    checks.check(
        &format!(
            "nothing left for sale, reserved or negative ({} for sale, {} reserved)",
            ledger.left_for_sale, ledger.reserved
        ),
        ledger.left_for_sale == 0 && ledger.reserved == 0,
    );
    let buyer = reserving_buyer
        .and_then(|index| buyers.get(index))
        .context("no buyer's create-order answered in the race")?;
    up_to_the_limit(&shop, &store, buyer, &mut checks).await?;
    Ok(checks.passed)
}

/// A buyer whose one create-order of the race counted towards the hour's limit checks out one
/// unit of another size again and again, one checkout after the other, until the limit: every
/// checkout must be reserved, each releasing the one before (one unit reserved at the end);
/// then one more create-order must answer 429 `RATE_LIMITED` with a `Retry-After` within the
/// hour.
async fn up_to_the_limit(
    shop: &Shop,
    store: &store::Store,
    buyer: &Buyer,
    checks: &mut Checks,
) -> Result<()> {
    let item = pick_item(shop, 2).await?;
    stock_item(shop, store, &item, LIMIT_UNITS).await?;
    println!(
        "limit: one of them checks out one unit of {} size {} ({LIMIT_UNITS} in stock) until the limit of {CHECKOUTS_PER_HOUR} checkouts an hour, then once more",
        item.product_id, item.size
    );
    let mut reserved = 0;
    let mut refused = Vec::new();
    for _ in 1..CHECKOUTS_PER_HOUR {
        let body = match quote(shop, buyer, &item).await {
            Ok(body) => body,
            Err(ended) => bail!("a quote of the limit's step: {}", ended.label()),
        };
        match step(
            shop,
            buyer,
            "create-order",
            "/api/payments/create-order",
            &body,
        )
        .await
        .0
        {
            Ok(_) => reserved += 1,
            Err(ended) => refused.push(ended.label()),
        }
    }
    let ledger = ledger_of(store, &item)?;
    print_ledger("after them", &ledger);
    checks.check(
        &format!(
            "its checkouts 2 to {CHECKOUTS_PER_HOUR} of the hour reserved: {reserved} of {} (refused: {refused:?})",
            CHECKOUTS_PER_HOUR - 1
        ),
        refused.is_empty(),
    );
    checks.check(
        &format!(
            "each released the one before: {} reserved, {} for sale",
            ledger.reserved, ledger.left_for_sale
        ),
        ledger.reserved == 1 && ledger.left_for_sale == i64::from(LIMIT_UNITS) - 1,
    );
    let body = match quote(shop, buyer, &item).await {
        Ok(body) => body,
        Err(ended) => bail!("the quote past the limit: {}", ended.label()),
    };
    let answer = shop
        .call(
            Method::POST,
            "/api/payments/create-order",
            Some(&buyer.token),
            Some(&body),
        )
        .await?;
    let code = answer.body["code"].as_str().unwrap_or("-");
    let retry_after = answer.retry_after.filter(|s| (1..=3600).contains(s));
    checks.check(
        &format!(
            "its checkout {} of the hour answers 429 RATE_LIMITED with Retry-After 1 to 3600 s: {} {code}, Retry-After {:?}",
            CHECKOUTS_PER_HOUR + 1,
            answer.status,
            answer.retry_after
        ),
        answer.status == 429 && code == "RATE_LIMITED" && retry_after.is_some(),
    );
    Ok(())
}

/// What a storm leaves for `check`: the item, its stock before, the confirmed orders, every
/// order a reservation answered with and its account, and how many accounts may still hold an
/// open checkout.
struct StormState {
    item: Item,
    initial: u32,
    confirmed: Vec<String>,
    /// (account, order id): every order a `create-order` answered with.
    reserved: Vec<(usize, String)>,
    /// Accounts whose last checkout that could reserve was not confirmed: a shopper's new
    /// checkout releases the one before, so only these may hold one open checkout each.
    may_hold: usize,
}

impl StormState {
    fn write(&self, file: &str) -> Result<()> {
        let mut text = format!(
            "product {}\nsize {}\ninitial {}\nmay_hold {}\n",
            self.item.product_id, self.item.size, self.initial, self.may_hold
        );
        for id in &self.confirmed {
            text.push_str(&format!("confirmed {id}\n"));
        }
        for (account, id) in &self.reserved {
            text.push_str(&format!("reserved {account} {id}\n"));
        }
        std::fs::write(file, text).with_context(|| format!("writing {file}"))
    }

    fn read(file: &str) -> Result<Self> {
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        let mut confirmed = Vec::new();
        let mut reserved = Vec::new();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').context("a line of the state file")?;
            match key {
                "confirmed" => confirmed.push(value.to_owned()),
                "reserved" => {
                    let (account, id) = value.split_once(' ').context("a reserved line")?;
                    reserved.push((account.parse()?, id.to_owned()));
                }
                _ => {
                    fields.insert(key, value);
                }
            }
        }
        let field = |key: &str| {
            fields
                .get(key)
                .map(|v| (*v).to_owned())
                .with_context(|| format!("the state file has no {key}"))
        };
        Ok(Self {
            item: Item {
                product_id: field("product")?,
                size: field("size")?,
            },
            initial: field("initial")?.parse()?,
            confirmed,
            reserved,
            may_hold: field("may_hold")?.parse()?,
        })
    }
}

async fn storm(options: &Options) -> Result<bool> {
    let units = options.number("units")?;
    let at_once = options.number("buyers")? as usize;
    let state_file = options.text("state")?;
    let shop = Shop::new(options.text("url")?)?;
    let store = options.store()?;
    // Another product than the race's, so its sold-out size does not stop the storm at once.
    let item = pick_item(&shop, 1).await?;
    let accounts = buyers(&shop, options).await?;
    stock_item(&shop, &store, &item, units).await?;
    println!(
        "storm: {at_once} buyers at a time checking out one unit of {} size {} again and again ({units} in stock) until the server dies; each of {} accounts checks out at most {CHECKOUTS_PER_HOUR} times (the hour's limit), then the buyer goes on with the next",
        item.product_id,
        item.size,
        accounts.len()
    );
    // The bench kills the server a moment after this line.
    println!("storm: load started");
    std::io::stdout().flush()?;

    let started = Instant::now();
    let item = Arc::new(item);
    let accounts = Arc::new(accounts);
    let next_account = Arc::new(AtomicUsize::new(0));
    let mut tasks = JoinSet::new();
    for _ in 0..at_once {
        let (shop, item, accounts, next_account) = (
            shop.clone(),
            item.clone(),
            accounts.clone(),
            next_account.clone(),
        );
        tasks.spawn(async move {
            // (account, how the checkout ended, the order its reservation answered with)
            let mut ended: Vec<(usize, Ended, Option<String>)> = Vec::new();
            'accounts: loop {
                let account = next_account.fetch_add(1, Ordering::Relaxed);
                let Some(buyer) = accounts.get(account) else {
                    break;
                };
                for _ in 0..CHECKOUTS_PER_HOUR {
                    let checkout = match quote(&shop, buyer, &item).await {
                        Ok(body) => pay(&shop, buyer, &body).await,
                        Err(refused) => Checkout::unreserved(refused),
                    };
                    let gone = matches!(checkout.ended, Ended::Cut(_));
                    ended.push((account, checkout.ended, checkout.order));
                    if gone {
                        break 'accounts;
                    }
                }
            }
            ended
        });
    }
    let mut ended = Vec::new();
    while let Some(done) = tasks.join_next().await {
        ended.extend(done?);
    }
    let lasted = started.elapsed();
    let mut last_of_account = BTreeMap::new();
    let mut holds = BTreeMap::new();
    for (account, e, _) in &ended {
        last_of_account.insert(*account, e);
        if let Some(held) = may_hold(e) {
            holds.insert(*account, held);
        }
    }
    let state = StormState {
        item: Item::clone(&item),
        initial: units,
        confirmed: ended
            .iter()
            .filter_map(|(_, e, _)| match e {
                Ended::Placed(id) => Some(id.clone()),
                _ => None,
            })
            .collect(),
        reserved: ended
            .iter()
            .filter_map(|(account, _, order)| Some((*account, order.clone()?)))
            .collect(),
        may_hold: holds.values().filter(|held| **held).count(),
    };
    println!(
        "  {} checkouts in {:.1} s by {} accounts, {} confirmed (verify 200)",
        ended.len(),
        lasted.as_secs_f64(),
        last_of_account.len(),
        state.confirmed.len()
    );
    for (label, count) in tally(ended.iter().map(|(_, e, _)| e)) {
        println!("  answers: {label}: {count}");
    }
    state.write(state_file)?;
    let cut = ended
        .iter()
        .filter(|(_, e, _)| matches!(e, Ended::Cut(_)))
        .count();
    let cut_mid_checkout = ended
        .iter()
        .filter(|(_, e, _)| matches!(e, Ended::Cut(step) if *step != "quote"))
        .count();
    let limited = ended
        .iter()
        .filter(|(_, e, _)| matches!(e, Ended::Refused(_, 429, _)))
        .count();
    let mut checks = Checks::new();
    checks.check(
        &format!(
            "orders confirmed before the kill: {}",
            state.confirmed.len()
        ),
        !state.confirmed.is_empty(),
    );
    checks.check(
        &format!("the kill cut the load, not its end: {cut} checkouts cut"),
        cut > 0,
    );
    checks.check(
        &format!("no checkout told 429 (every account within its limit): {limited}"),
        limited == 0,
    );
    println!("  checkouts cut after their quote by the kill: {cut_mid_checkout}");
    Ok(checks.passed)
}

/// Whether a checkout that ended so leaves its account an open checkout: `None` when it
/// neither reserved nor released one (a refused reservation is rolled back whole); a
/// reservation the kill cut may have committed.
fn may_hold(ended: &Ended) -> Option<bool> {
    match ended {
        Ended::Placed(_) => Some(false),
        Ended::Cut("quote") | Ended::Refused("quote" | "create-order", ..) => None,
        Ended::Cut(_) | Ended::Refused(..) => Some(true),
    }
}

fn check(options: &Options) -> Result<bool> {
    let state = StormState::read(options.text("state")?)?;
    let store = options.store()?;
    let item = &state.item;
    let initial = i64::from(state.initial);
    let mut missing = 0;
    let mut not_placed = 0;
    for id in &state.confirmed {
        match store.order(&store::ids::OrderId::new(id.as_str()))? {
            None => missing += 1,
            Some(found) if found.order.stage != store::Stage::Placed => not_placed += 1,
            Some(_) => {}
        }
    }
    println!(
        "after the restart: {} orders confirmed before the kill, {missing} missing, {not_placed} not placed",
        state.confirmed.len()
    );
    let mut open_of_account: BTreeMap<usize, usize> = BTreeMap::new();
    let mut unknown = 0;
    for (account, id) in &state.reserved {
        match store.order(&store::ids::OrderId::new(id.as_str()))? {
            None => unknown += 1,
            Some(found) => {
                let open = found.order.stage == store::Stage::Reserved;
                *open_of_account.entry(*account).or_insert(0) += usize::from(open);
            }
        }
    }
    let open: usize = open_of_account.values().sum();
    let most_open = open_of_account.values().copied().max().unwrap_or(0);
    let ledger = ledger_of(&store, item)?;
    print_ledger("after the restart", &ledger);
    let mut checks = Checks::new();
    checks.check(
        "every confirmed order is placed",
        missing == 0 && not_placed == 0,
    );
    checks.check(
        &format!(
            "placed units {} >= confirmed {} (a verify the kill cut, or the sandbox's webhook, may have placed more)",
            ledger.placed,
            state.confirmed.len()
        ),
        ledger.placed >= state.confirmed.len() as i64,
    );
    checks.check(
        &format!(
            "one open checkout per shopper: of the {} orders reserved ({unknown} unknown), {open} still reserved, at most {most_open} of one shopper",
            state.reserved.len()
        ),
        unknown == 0 && most_open <= 1,
    );
    checks.check(
        &format!(
            "reserved units {} <= the {} accounts whose last reservation was not confirmed (each new checkout released the one before)",
            ledger.reserved, state.may_hold
        ),
        ledger.reserved <= state.may_hold as i64,
    );
    checks.check(
        &format!(
            "initial {initial} == {} for sale + {} placed + {} reserved",
            ledger.left_for_sale, ledger.placed, ledger.reserved
        ),
        ledger.left_for_sale >= 0
            && ledger.left_for_sale + ledger.placed + ledger.reserved == initial,
    );
    let past_reservations = orders::RESERVATION_LIFETIME + chrono::TimeDelta::minutes(1);
    let lapsed = store.lapse_expired(chrono::Utc::now() + past_reservations, 100_000)?;
    let after = ledger_of(&store, item)?;
    println!(
        "lapsing the reservations the kill left, as {} minutes later: {lapsed} lapsed",
        past_reservations.num_minutes()
    );
    print_ledger("after they lapse", &after);
    checks.check(
        &format!(
            "for sale {} == initial {initial} - placed {}, none reserved",
            after.left_for_sale, after.placed
        ),
        after.reserved == 0
            && after.placed == ledger.placed
            && after.left_for_sale == initial - after.placed,
    );
    Ok(checks.passed)
}
