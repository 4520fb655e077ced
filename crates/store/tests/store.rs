//! The repository on both backends: seeding, listing, filters and search answer the same on
//! SQLite and PostgreSQL (the PostgreSQL half needs `SHOP_TEST_POSTGRES_URL`; see DEVELOPERS.md).

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use store::{DatabaseUrl, ProductFilter, SeedReport, Store};
use validation::ProductGender;

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
        .seed_if_empty(&catalogue::generate(PRODUCTS))
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

fn filters() -> Vec<ProductFilter> {
    let page = |limit, offset| ProductFilter {
        limit,
        offset,
        ..ProductFilter::default()
    };
    vec![
        page(PRODUCTS as i64, 0),
        page(7, 14),
        ProductFilter {
            gender: Some(ProductGender::Female),
            ..page(50, 0)
        },
        ProductFilter {
            min_price_paise: Some(79_900),
            max_price_paise: Some(299_900),
            ..page(50, 0)
        },
        ProductFilter {
            gender: Some(ProductGender::Unisex),
            max_price_paise: Some(129_900),
            ..page(50, 0)
        },
    ]
}

#[test]
fn seeding_twice_writes_once() {
    let db = seeded(sqlite());
    assert_eq!(
        db.store
            .seed_if_empty(&catalogue::generate(PRODUCTS))
            .expect("second seed"),
        SeedReport::AlreadySeeded
    );
    let all = db.store.list_products(&filters()[0]).expect("list");
    assert_eq!(all.len(), PRODUCTS);
}

#[test]
fn stored_products_are_the_generated_ones() {
    let db = seeded(sqlite());
    let generated = catalogue::generate(PRODUCTS);
    for expected in &generated.products {
        let stored = db
            .store
            .product(&expected.id)
            .expect("load")
            .expect("present");
        assert_eq!(stored.price_paise, expected.price_paise);
        assert_eq!(stored.images, expected.images);
        assert_eq!(stored.stock, expected.stock, "sizes keep their order");
        assert_eq!(stored.tags, expected.tags);
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
            stored.assigned_coupon.map(|c| c.id),
            expected.assigned_coupon_id
        );
    }
    assert_eq!(db.store.product("missing").expect("load"), None);
}

#[test]
fn search_treats_like_wildcards_as_text() {
    let db = seeded(sqlite());
    assert!(
        db.store
            .search_products("%", 10)
            .expect("search")
            .is_empty()
    );
    assert!(
        db.store
            .search_products("_", 10)
            .expect("search")
            .is_empty()
    );
    let some = &db.store.list_products(&filters()[1]).expect("list")[0];
    let word = some
        .name
        .split(' ')
        .next_back()
        .expect("a word")
        .to_uppercase();
    let found = db.store.search_products(&word, 200).expect("search");
    assert!(
        found.iter().any(|p| p.id == some.id),
        "{word} finds {}",
        some.name
    );
}

#[test]
fn sqlite_and_postgres_answer_identically() {
    let Some(pg) = postgres() else { return };
    let (pg, lite) = (seeded(pg), seeded(sqlite()));
    for filter in filters() {
        let a = lite.store.list_products(&filter).expect("sqlite");
        let b = pg.store.list_products(&filter).expect("postgres");
        assert!(!a.is_empty(), "{filter:?} matches something");
        assert_eq!(a, b, "{filter:?}");
    }
    for text in ["hoodie", "KURTA", "denim", "%"] {
        assert_eq!(
            lite.store.search_products(text, 50).expect("sqlite"),
            pg.store.search_products(text, 50).expect("postgres"),
            "search {text}"
        );
    }
}
