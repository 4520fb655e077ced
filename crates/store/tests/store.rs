//! The repository on both backends: seeding, the whole-catalogue load and the change feed
//! answer the same on SQLite and PostgreSQL (the PostgreSQL half needs `SHOP_TEST_POSTGRES_URL`; see DEVELOPERS.md).

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use store::{DatabaseUrl, SeedReport, Store};

const PRODUCTS: usize = 90;

struct TempDb {
    store: Store,
    dir: std::path::PathBuf,
    postgres: Option<(String, String)>,
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some((admin, name)) = self.postgres.take()
            && let Ok(mut conn) = PgConnection::establish(&admin)
        {
            let _ = conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

fn unique() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

fn sqlite() -> TempDb {
    let dir = std::env::temp_dir().join(format!("shop-store-{}", unique()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = DatabaseUrl::Sqlite(dir.join("shop.sqlite3").to_string_lossy().into_owned());
    TempDb {
        store: Store::open(&url, 2).expect("open sqlite"),
        dir,
        postgres: None,
    }
}

fn postgres() -> Option<TempDb> {
    let Ok(admin) = std::env::var("SHOP_TEST_POSTGRES_URL") else {
        assert!(
            std::env::var("SHOP_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "SHOP_REQUIRE_POSTGRES=1 but SHOP_TEST_POSTGRES_URL is not set; run `cargo xtask test`"
        );
        eprintln!("skipping the PostgreSQL half: SHOP_TEST_POSTGRES_URL is not set");
        return None;
    };
    let name = format!("shop_store_{}", unique());
    PgConnection::establish(&admin)
        .expect("connect to the test server")
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .expect("create database");
    let cut = admin.rfind('/').expect("URL with a database");
    let url = DatabaseUrl::Postgres(format!("{}/{name}", &admin[..cut]));
    Some(TempDb {
        store: Store::open(&url, 2).expect("open postgres"),
        dir: std::env::temp_dir().join(format!("shop-store-{}", unique())),
        postgres: Some((admin, name)),
    })
}

fn seeded(db: TempDb) -> TempDb {
    let report = db
        .store
        .seed_if_empty(|| catalogue::generate(PRODUCTS))
        .expect("seed");
    assert_eq!(
        report,
        SeedReport::Seeded {
            brands: 24,
            products: PRODUCTS
        }
    );
    db
}

#[test]
fn seeding_twice_writes_once() {
    let db = seeded(sqlite());
    assert_eq!(
        db.store
            .seed_if_empty(|| catalogue::generate(PRODUCTS))
            .expect("second seed"),
        SeedReport::AlreadySeeded
    );
    let loaded = db.store.load_catalogue().expect("load");
    assert_eq!(loaded.products.len(), PRODUCTS);
    assert_eq!(loaded.last_change, 0, "seeding is not a change to follow");
}

#[test]
fn the_loaded_catalogue_is_the_generated_one() {
    let db = seeded(sqlite());
    let generated = catalogue::generate(PRODUCTS);
    let loaded = db.store.load_catalogue().expect("load");
    assert_eq!(loaded.brands.len(), generated.brands.len());
    assert_eq!(loaded.categories.len(), generated.categories.len());
    assert_eq!(loaded.coupons.len(), generated.coupons.len());
    assert_eq!(loaded.static_images.len(), generated.static_images.len());
    assert_eq!(loaded.products.len(), generated.products.len());
    for (stored, expected) in loaded.products.iter().zip(&generated.products) {
        assert_eq!(stored.id, expected.id, "products come in id order");
        assert_eq!(stored.price_paise, expected.price_paise);
        assert_eq!(stored.images, expected.images);
        assert_eq!(stored.stock, expected.stock, "sizes keep their order");
        assert_eq!(stored.tags, expected.tags);
        assert_eq!(stored.brand.id, expected.brand_id);
        let category_ids: Vec<&str> = stored.categories.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(
            category_ids,
            expected
                .category_ids
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert_eq!(
            stored.assigned_coupon.as_ref().map(|c| c.id.clone()),
            expected.assigned_coupon_id
        );
    }
    let positions: Vec<(&str, i32)> = loaded
        .categories
        .iter()
        .map(|c| (c.gender.as_str(), c.position))
        .collect();
    let mut sorted = positions.clone();
    sorted.sort_unstable();
    assert_eq!(positions, sorted, "categories by gender, then position");
}

#[test]
fn products_by_ids_loads_those_that_exist() {
    let db = seeded(sqlite());
    let all = db.store.load_catalogue().expect("load").products;
    let wanted = vec![all[3].id.clone(), "missing".to_owned(), all[40].id.clone()];
    let mut found = db.store.products_by_ids(&wanted).expect("by ids");
    found.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(found, vec![all[3].clone(), all[40].clone()]);
    let many: Vec<String> = (0..2500).map(|i| format!("id-{i}")).collect();
    assert!(
        db.store.products_by_ids(&many).expect("chunked").is_empty(),
        "long id lists are chunked under the bound-parameter limits"
    );
}

#[test]
fn the_change_feed_lists_entries_after_a_sequence_number_and_prunes_old_ones() {
    let db = seeded(sqlite());
    let path = db.dir.join("shop.sqlite3");
    let mut raw = diesel::SqliteConnection::establish(path.to_str().expect("utf-8 path"))
        .expect("second connection");
    raw.batch_execute(
        "INSERT INTO catalogue_changes (product_id, changed_at) VALUES \
         ('p1', '2026-11-20 10:00:00'), (NULL, '2026-11-23 10:00:00'), ('p2', '2026-11-23 11:00:00')",
    )
    .expect("insert changes");
    let all = db.store.catalogue_changes_since(0, 100).expect("feed");
    let seqs: Vec<i64> = all.iter().map(|c| c.seq).collect();
    assert_eq!(seqs, vec![1, 2, 3]);
    assert_eq!(all[0].product_id.as_deref(), Some("p1"));
    assert_eq!(all[1].product_id, None);
    assert_eq!(
        db.store.catalogue_changes_since(1, 1).expect("feed").len(),
        1
    );
    assert_eq!(db.store.load_catalogue().expect("load").last_change, 3);
    let cutoff = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .expect("date");
    assert_eq!(db.store.prune_catalogue_changes(cutoff).expect("prune"), 1);
    assert_eq!(
        db.store
            .catalogue_changes_since(0, 100)
            .expect("feed")
            .len(),
        2
    );
}

#[test]
fn sqlite_and_postgres_load_the_same_catalogue() {
    let Some(pg) = postgres() else { return };
    let (pg, lite) = (seeded(pg), seeded(sqlite()));
    let a = lite.store.load_catalogue().expect("sqlite");
    let b = pg.store.load_catalogue().expect("postgres");
    assert_eq!(a, b);
    let ids: Vec<String> = a.products.iter().step_by(7).map(|p| p.id.clone()).collect();
    let mut x = lite.store.products_by_ids(&ids).expect("sqlite");
    let mut y = pg.store.products_by_ids(&ids).expect("postgres");
    x.sort_unstable_by(|p, q| p.id.cmp(&q.id));
    y.sort_unstable_by(|p, q| p.id.cmp(&q.id));
    assert_eq!(x, y);
}
