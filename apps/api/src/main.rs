use std::process::ExitCode;

use api::config::Config;
use api::startup::Application;
use api::state::Clock;

#[tokio::main]
async fn main() -> ExitCode {
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
        Some("grant-role") => return grant_role(&config, &args[1..]),
        Some(other) => {
            eprintln!(
                "shop-api: unknown command '{other}' (run with no arguments to serve, `seed --products N`, or `grant-role <email> <shopper|brand|admin> [--brand <brandId>]`)"
            );
            return ExitCode::from(2);
        }
    }
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

/// `shop-api seed --products N [--brands B]`: writes a deterministic catalogue of N products
/// (over B brands, 24 by default) into the configured database, which must hold no catalogue
/// yet (benchmarks use it).
fn seed(config: &Config, args: &[String]) -> ExitCode {
    let number = |flag: &str| -> Option<Option<usize>> {
        match args.iter().position(|a| a == flag) {
            None => Some(None),
            Some(i) => args
                .get(i + 1)
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| *n > 0)
                .map(Some),
        }
    };
    let known = args
        .iter()
        .enumerate()
        .all(|(i, a)| i % 2 == 1 || a == "--products" || a == "--brands");
    let (Some(Some(count)), Some(brands), true) = (number("--products"), number("--brands"), known)
    else {
        eprintln!("usage: shop-api seed --products N [--brands B] (N and B above 0)");
        return ExitCode::from(2);
    };
    let brands = brands.unwrap_or(catalogue::DEMO_BRAND_COUNT);
    if let store::DatabaseUrl::Sqlite(_) = config.database_url
        && let Err(e) = std::fs::create_dir_all(&config.data_dir)
    {
        eprintln!("shop-api: creating {}: {e}", config.data_dir.display());
        return ExitCode::FAILURE;
    }
    let outcome = store::Store::open(&config.database_url, 2)
        .and_then(|store| store.seed_if_empty(|| catalogue::generate_with_brands(count, brands)));
    match outcome {
        Ok(store::SeedReport::Seeded { brands, products }) => {
            println!(
                "seeded {products} products of {brands} brands into {:?}",
                config.database_url
            );
            ExitCode::SUCCESS
        }
        Ok(store::SeedReport::AlreadySeeded) => {
            eprintln!(
                "shop-api: {:?} already holds a catalogue; seed an empty database",
                config.database_url
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("shop-api: seeding failed: {e}");
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
