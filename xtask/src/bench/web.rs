//! `cargo xtask bench web`: Lighthouse on the shop's first screens, as a mid-range phone sees
//! them. The release server serves the built frontend and the demo catalogue (1,500 products,
//! 60 brands) on SQLite; `frontend/scripts/lighthouse.mjs` drives Debian's Chromium with the
//! mobile preset and simulated throttling, three runs a screen, and prints the medians next to
//! the targets, with every miss and by how much. A bench, not a test: a miss does not fail it.

use anyhow::{Context, Result};
use xshell::{Shell, cmd};

use super::common::{SESSION_SECRET, element_ids, fetch, release_binary};
use crate::prereqs;
use crate::project_root;
use crate::tasks::{Server, build_frontend, tempdir};

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    if let Some(extra) = args.first() {
        anyhow::bail!("bench web takes no options, not {extra}");
    }
    prereqs::npm_packages(sh)?;
    prereqs::chromium(sh)?;
    build_frontend(sh, true)?;
    let binary = release_binary(sh)?;
    let data = tempdir("shop-bench-web")?;
    // The e2e's shop: enough brands for every screen to be full. Bench user 0 is the signed-in
    // shopper of the bag.
    cmd!(sh, "{binary} seed --products 1500 --brands 60 --users 1")
        .env("SHOP_DATA_DIR", &data)
        .env_remove("DATABASE_URL")
        .run()?;
    let token = cmd!(sh, "{binary} issue-sessions --count 1")
        .env("SHOP_DATA_DIR", &data)
        .env("SHOP_SESSION_SECRET", SESSION_SECRET)
        .env_remove("DATABASE_URL")
        .quiet()
        .read()?;
    let log = data.join("server.log");
    let server = Server::start_logged(
        &binary,
        &data,
        &[("SHOP_SESSION_SECRET", SESSION_SECRET)],
        &log,
    )?;
    let products = fetch(server.port(), "/api/products?limit=1")?;
    let product = element_ids(&products)
        .first()
        .map(|id| (*id).to_owned())
        .context("the demo catalogue lists no product")?;
    let product_page = format!("/product/{product}");
    let base = server.base_url();
    let token = token.trim();
    let screens = [
        "/",
        "/home",
        product_page.as_str(),
        "/trends",
        "/collection",
        "+/bag",
    ];
    let _dir = sh.push_dir(project_root().join("frontend"));
    let outcome = cmd!(
        sh,
        "node scripts/lighthouse.mjs {base} {token} {screens...}"
    )
    .env("CHROME_PATH", "/usr/bin/chromium")
    .run();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    outcome.context("Lighthouse could not measure the screens")?;
    Ok(())
}
