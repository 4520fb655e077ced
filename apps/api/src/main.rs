use std::io::Write;
use std::process::ExitCode;

use api::config::Config;
use api::startup::Application;
use api::state::Clock;

/// mimalloc gives the pages a burst of connections used back to the system once they are
/// freed; glibc's malloc kept them (a flood of 20,000 sockets left the process at ten times
/// its size for good).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        return print_openapi();
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("shop-api: invalid configuration: {e}");
            return ExitCode::from(2);
        }
    };
    api::telemetry::init(config.log_format);
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("seed") => return seed(&config, &args[1..]),
        Some("seed-insights") => return seed_insights(&config, &args[1..]),
        Some("grant-role") => return grant_role(&config, &args[1..]),
        Some("issue-sessions") => return issue_sessions(&config, &args[1..]),
        Some("check-rollups") if args.len() == 1 => return check_rollups(&config),
        Some("healthcheck") if args.len() == 1 => return healthcheck(&config),
        Some(other) => {
            eprintln!(
                "shop-api: unknown command '{other}' (run with no arguments to serve, `seed --products N`, `grant-role <email> <shopper|brand|admin> [--brand <brandId>]`, `issue-sessions --count N [--from K]`, `check-rollups`, `healthcheck` or `openapi`)"
            );
            return ExitCode::from(2);
        }
    }
    api::edge::raise_open_files_limit();
    let app = match Application::build(&config, Clock::system()) {
        Ok(app) => app,
        Err(e) => {
            tracing::error!("shop-api failed to start: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(
        url = %format!("http://{}:{}", config.addr.ip(), app.port()),
        database = config.database_url.backend(),
        "shop-api listening"
    );
    match app.run_until_stopped().await {
        Ok(()) => {
            tracing::info!("shop-api stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("shop-api stopped with an error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api healthcheck`: exit 0 when the server of this configuration answers `/healthz` with
/// 200 within 3 s, else 1. The container image's health check: a `FROM scratch` image has no
/// curl, and the check needs nothing but the binary it checks.
fn healthcheck(config: &Config) -> ExitCode {
    use std::io::Read;
    use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
    use std::time::Duration;
    let ip = match config.addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let target = SocketAddr::new(ip, config.addr.port());
    let limit = Duration::from_secs(3);
    let answer = TcpStream::connect_timeout(&target, limit).and_then(|mut stream| {
        stream.set_read_timeout(Some(limit))?;
        stream.set_write_timeout(Some(limit))?;
        stream.write_all(b"GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n")?;
        let mut head = [0u8; 12];
        stream.read_exact(&mut head)?;
        Ok(head)
    });
    match answer {
        Ok(head) if head.starts_with(b"HTTP/1.") && &head[9..12] == b"200" => ExitCode::SUCCESS,
        Ok(head) => {
            eprintln!(
                "shop-api healthcheck: {target} answered {}",
                String::from_utf8_lossy(&head)
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("shop-api healthcheck: {target}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api openapi`: prints the OpenAPI document the server serves at `/api/openapi.json`,
/// without a configuration or a database (the frontend's API types are generated from it).
fn print_openapi() -> ExitCode {
    match api::routes::openapi::document().to_pretty_json() {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("shop-api: writing the OpenAPI document failed: {e}");
            ExitCode::FAILURE
        }
    }
}

const SEED_USAGE: &str = "usage: shop-api seed [--products N [--brands B]] [--demo-history] [--users U [--swipes S [--days D]]] (every number above 0)";

/// `shop-api seed [--products N [--brands B]] [--users U [--swipes S [--days D]]]`, for
/// benchmarks: `--products` writes a deterministic catalogue of N products (over B brands, 24
/// by default) into a database that holds none yet; `--users` makes sure bench users
/// `bench-0@bench.invalid` to `bench-{U-1}@bench.invalid` exist; `--swipes` writes their
/// history of S swipes over the last D days (30 by default) into a database that holds no
/// swipes yet (see `api::history`). `--demo-history` writes the demo shoppers and their
/// history, as a first start does after seeding the demo catalogue, into a database that
/// holds no swipes yet.
fn seed(config: &Config, args: &[String]) -> ExitCode {
    const FLAGS: [&str; 5] = ["--products", "--brands", "--users", "--swipes", "--days"];
    let (demo, args): (Vec<&String>, Vec<&String>) =
        args.iter().partition(|a| *a == "--demo-history");
    let demo_history = !demo.is_empty();
    if demo.len() > 1 {
        eprintln!("{SEED_USAGE}");
        return ExitCode::from(2);
    }
    let mut values: [Option<usize>; 5] = [None; 5];
    for pair in args.chunks(2) {
        let slot = FLAGS.iter().position(|f| *f == pair[0]);
        let number = pair
            .get(1)
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| *n > 0);
        match (slot, number) {
            (Some(slot), Some(n)) if values[slot].is_none() => values[slot] = Some(n),
            _ => {
                eprintln!("{SEED_USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let [products, brands, users, swipes, days] = values;
    let valid = (products.is_some() || users.is_some() || demo_history)
        && (brands.is_none() || products.is_some())
        && (swipes.is_none() || users.is_some())
        && (days.is_none() || swipes.is_some());
    if !valid {
        eprintln!("{SEED_USAGE}");
        return ExitCode::from(2);
    }
    if let store::DatabaseUrl::Sqlite(_) = config.database_url
        && let Err(e) = std::fs::create_dir_all(&config.data_dir)
    {
        eprintln!("shop-api: creating {}: {e}", config.data_dir.display());
        return ExitCode::FAILURE;
    }
    let store = match store::Store::open(&config.database_url, 2) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("shop-api: seeding failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(count) = products {
        let brands = brands.unwrap_or(catalogue::DEMO_BRAND_COUNT);
        let mut bar = api::progress::ProgressBar::new("seeding the catalogue");
        let generate = || {
            let started = std::time::Instant::now();
            let made = catalogue::generate_with_brands(count, brands);
            eprintln!(
                "generated {count} products of {brands} brands in {:.1} s",
                started.elapsed().as_secs_f64()
            );
            made
        };
        let seeded = store.seed_if_empty_reporting(generate, &mut |p| bar.show(p.rows, p.total));
        match seeded {
            Ok(store::SeedReport::Seeded { brands, products }) => println!(
                "seeded {products} products of {brands} brands into {:?}",
                config.database_url
            ),
            Ok(store::SeedReport::AlreadySeeded) => {
                eprintln!(
                    "shop-api: {:?} already holds a catalogue; seed an empty database",
                    config.database_url
                );
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("shop-api: seeding failed: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if demo_history {
        let started = std::time::Instant::now();
        match api::history::write_demo(&store, chrono::Utc::now()) {
            Ok(demo) => println!(
                "wrote {} demo shoppers and {} swipes in {:.1} s",
                demo.shoppers,
                demo.history.swipes,
                started.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("shop-api: writing the demo swipe history failed: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(users) = users else {
        return ExitCode::SUCCESS;
    };
    let days = days.unwrap_or(30) as i64;
    let now = chrono::Utc::now();
    let started = std::time::Instant::now();
    let records = match (0..users)
        .map(|i| api::history::bench_user(i, days, now))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(records) => records,
        Err(e) => {
            eprintln!("shop-api: a bench user's e-mail is refused: {e}");
            return ExitCode::FAILURE;
        }
    };
    match store.insert_users(&records) {
        Ok(new) => println!(
            "bench users bench-0 to bench-{}@bench.invalid: {new} new, in {:.1} s",
            users - 1,
            started.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("shop-api: writing the bench users failed: {e}");
            return ExitCode::FAILURE;
        }
    }
    let Some(swipes) = swipes else {
        return ExitCode::SUCCESS;
    };
    let started = std::time::Instant::now();
    let history = match store
        .load_catalogue()
        .map(|c| api::history::History::new(&c))
    {
        Ok(Some(history)) => history,
        Ok(None) => {
            eprintln!("shop-api: the catalogue lists no product to swipe; seed --products first");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("shop-api: reading the catalogue failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let histories = history.histories(users, swipes, days, now);
    match store.write_history(history.products(), histories, now) {
        Ok(report) => {
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "wrote {} swipes, {} curated-list entries, {} hour buckets and {} window totals in {seconds:.1} s: {:.0} rows/s ({:.0} swipes/s)",
                report.swipes,
                report.list_entries,
                report.hours,
                report.totals,
                report.rows() as f64 / seconds,
                report.swipes as f64 / seconds,
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("shop-api: writing the swipe history failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api seed-insights --orders N --users U [--days D]`, for the insights bench: on a
/// database seeded with `seed --products ... --users U [--swipes ...]` and no orders, writes N
/// placed orders of the bench users over the last D days (90 by default) with their lines and
/// the insights rollups, written straight into the tables, and counts the stored swipes into
/// the rollups by product and day (`store::insights`). Prints the busiest brand.
fn seed_insights(config: &Config, args: &[String]) -> ExitCode {
    const USAGE: &str =
        "usage: shop-api seed-insights --orders N --users U [--days D] (every number above 0)";
    let mut values: [Option<usize>; 3] = [None; 3];
    for pair in args.chunks(2) {
        let slot = ["--orders", "--users", "--days"]
            .iter()
            .position(|f| *f == pair[0]);
        let number = pair
            .get(1)
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| *n > 0);
        match (slot, number) {
            (Some(slot), Some(n)) if values[slot].is_none() => values[slot] = Some(n),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let [Some(orders), Some(users), days] = values else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let days = days.unwrap_or(90) as i64;
    let run = || -> Result<(), store::StoreError> {
        let store = store::Store::open(&config.database_url, 2)?;
        let started = std::time::Instant::now();
        let swiped = store.roll_up_swipe_history()?;
        println!(
            "rolled the stored swipes up into {swiped} product days in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        let catalogue = store.load_catalogue()?;
        let products: Vec<store::SellableProduct> = catalogue
            .products
            .iter()
            .filter(|p| p.is_active && p.archived_at.is_none())
            .map(|p| store::SellableProduct {
                id: p.id.clone(),
                brand_id: p.brand.id.clone(),
                price_paise: p.price_paise,
            })
            .collect();
        let users: Vec<store::ids::UserId> = (0..users)
            .map(|i| api::history::bench_user_id(i).into())
            .collect();
        let started = std::time::Instant::now();
        let report =
            store.write_order_history(&products, &users, orders, days, chrono::Utc::now())?;
        println!(
            "wrote {} orders, {} lines, {} refunds, {} brand days, {} product days and {} buyers in {:.1} s",
            report.orders,
            report.lines,
            report.refunds,
            report.brand_days,
            report.product_days,
            report.buyers,
            started.elapsed().as_secs_f64()
        );
        println!("busiest brand {}", report.busiest_brand);
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shop-api: seeding the insights history failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api issue-sessions --count N [--from K]`: prints a session token, one a line, for
/// bench users K to K+N-1 (`Authorization: Bearer <token>` for load generators). Only bench
/// users (`seed --users`), and only when they all exist: it never signs anyone else in.
fn issue_sessions(config: &Config, args: &[String]) -> ExitCode {
    const USAGE: &str = "usage: shop-api issue-sessions --count N [--from K]";
    let (count, from) = match args {
        [flag, n] if flag == "--count" => (n.parse::<usize>().ok(), Some(0)),
        [flag, n, from_flag, k] if flag == "--count" && from_flag == "--from" => {
            (n.parse::<usize>().ok(), k.parse::<usize>().ok())
        }
        _ => (None, None),
    };
    let (Some(count), Some(from)) = (count.filter(|n| *n > 0), from) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let outcome = api::auth::Sessions::from_config(config).and_then(|sessions| {
        let store = store::Store::open(&config.database_url, 2)?;
        api::admin::issue_bench_sessions(&store, &sessions, from..from + count, chrono::Utc::now())
    });
    match outcome {
        Ok(tokens) => {
            let mut out = std::io::stdout().lock();
            for token in tokens {
                if writeln!(out, "{token}").is_err() {
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("shop-api: issue-sessions failed: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api check-rollups`: recounts every swipe and compares the hour buckets and window
/// totals with the recount (reads every swipe: for benchmarks and checks, with the API stopped
/// or idle). Exits 1 when they differ.
fn check_rollups(config: &Config) -> ExitCode {
    let started = std::time::Instant::now();
    match store::Store::open(&config.database_url, 2).and_then(|s| s.check_rollups()) {
        Ok(check) => {
            println!(
                "rollups exact: {} ({} swipes recounted in {:.1} s; {} hour buckets and {} window totals differ)",
                if check.exact() { "yes" } else { "no" },
                check.swipes,
                started.elapsed().as_secs_f64(),
                check.hours_wrong,
                check.totals_wrong,
            );
            if check.exact() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("shop-api: check-rollups failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `shop-api grant-role <email> <shopper|brand|admin> [--brand <brandId>]`: gives a user a
/// role (creating the user if they have not signed in yet).
fn grant_role(config: &Config, args: &[String]) -> ExitCode {
    const USAGE: &str =
        "usage: shop-api grant-role <email> <shopper|brand|admin> [--brand <brandId>]";
    let (email, role, brand) = match args {
        [email, role] => (email, role, None),
        [email, role, flag, brand] if flag == "--brand" => (email, role, Some(brand.as_str())),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let role = match role.parse::<access::Role>() {
        Ok(role) => role,
        Err(e) => {
            eprintln!("shop-api: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let store::DatabaseUrl::Sqlite(_) = config.database_url
        && let Err(e) = std::fs::create_dir_all(&config.data_dir)
    {
        eprintln!("shop-api: creating {}: {e}", config.data_dir.display());
        return ExitCode::FAILURE;
    }
    let outcome = store::Store::open(&config.database_url, 2)
        .map_err(anyhow::Error::from)
        .and_then(|store| api::admin::grant_role(&store, email, role, brand, chrono::Utc::now()));
    match outcome {
        Ok(granted) => {
            let created = if granted.created { " (new user)" } else { "" };
            println!("{email} is now {role}{created}: user {}", granted.user_id);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("shop-api: grant-role failed: {e:#}");
            ExitCode::FAILURE
        }
    }
}
