//! The repository on both backends: seeding, the whole-catalogue load and the change feed
//! answer the same on SQLite and PostgreSQL (the PostgreSQL half needs `SHOP_TEST_POSTGRES_URL`; see DEVELOPERS.md).

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use store::ids::ProductId;
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
    sqlite_pool(2)
}

fn sqlite_pool(connections: u32) -> TempDb {
    let dir = std::env::temp_dir().join(format!("shop-store-{}", unique()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = DatabaseUrl::Sqlite(dir.join("shop.sqlite3").to_string_lossy().into_owned());
    TempDb {
        store: Store::open(&url, connections).expect("open sqlite"),
        dir,
        postgres: None,
    }
}

fn postgres() -> Option<TempDb> {
    postgres_pool(2)
}

fn postgres_pool(connections: u32) -> Option<TempDb> {
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
        store: Store::open(&url, connections).expect("open postgres"),
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
fn the_bundled_sqlite_plans_a_statement_once_whatever_is_bound() {
    // Set in .cargo/config.toml; without it every `LIMIT ?` statement is planned again on each
    // run, which cost signed-in requests a sixth of their CPU.
    #[derive(diesel::QueryableByName)]
    struct CompileOption {
        #[diesel(sql_type = diesel::sql_types::Text)]
        compile_options: String,
    }
    let dir = std::env::temp_dir().join(format!("shop-store-{}", unique()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut conn = diesel::SqliteConnection::establish(&dir.join("x.sqlite3").to_string_lossy())
        .expect("open");
    let options: Vec<CompileOption> =
        diesel::RunQueryDsl::load(diesel::sql_query("PRAGMA compile_options"), &mut conn)
            .expect("compile options");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        options.iter().any(|o| o.compile_options == "ENABLE_QPSG"),
        "SQLite was built without SQLITE_ENABLE_QPSG (LIBSQLITE3_FLAGS)"
    );
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
    assert_eq!(
        loaded.rows.last_change, 0,
        "seeding is not a change to follow"
    );
}

#[test]
fn the_loaded_catalogue_is_the_generated_one() {
    let db = seeded(sqlite());
    let generated = catalogue::generate(PRODUCTS);
    let loaded = db.store.load_catalogue().expect("load");
    assert_eq!(loaded.rows.brands.len(), generated.brands.len());
    assert_eq!(loaded.rows.categories.len(), generated.categories.len());
    assert_eq!(loaded.rows.coupons.len(), generated.coupons.len());
    assert_eq!(
        loaded.rows.static_images.len(),
        generated.static_images.len()
    );
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
        .rows
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
    let wanted = vec![
        all[3].id.clone(),
        ProductId::new("missing"),
        all[40].id.clone(),
    ];
    let mut found = db.store.products_by_ids(&wanted).expect("by ids");
    found.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(found, vec![all[3].clone(), all[40].clone()]);
    let many: Vec<ProductId> = (0..2500)
        .map(|i| ProductId::new(format!("id-{i}")))
        .collect();
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
    assert_eq!(db.store.load_catalogue().expect("load").rows.last_change, 3);
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
fn pages_of_products_are_the_whole_catalogue_in_id_order() {
    let mut backends = vec![seeded(sqlite())];
    backends.extend(postgres().map(seeded));
    for db in backends {
        let whole = db.store.load_catalogue().expect("load").products;
        // Pages of 7 (the last one short), each read after the last id of the page before.
        let mut paged = Vec::new();
        let mut after: Option<ProductId> = None;
        let mut pages = 0;
        loop {
            let page = db
                .store
                .products_page(after.as_ref(), None, 7)
                .expect("page");
            assert!(page.len() <= 7);
            let Some(last) = page.last() else { break };
            after = Some(last.id.clone());
            paged.extend(page);
            pages += 1;
        }
        assert_eq!(pages, PRODUCTS.div_ceil(7));
        assert!(paged.windows(2).all(|w| w[0].id < w[1].id));
        assert_eq!(paged, whole);
        assert!(
            whole
                .iter()
                .all(|p| !p.stock.is_empty() && !p.images.is_empty())
        );
    }
}

#[test]
fn runs_of_products_are_the_whole_catalogue_once() {
    let mut backends = vec![seeded(sqlite())];
    backends.extend(postgres().map(seeded));
    for db in backends {
        let whole: Vec<ProductId> = db
            .store
            .load_catalogue()
            .expect("load")
            .products
            .into_iter()
            .map(|p| p.id)
            .collect();
        for asked in [1, 2, 3, 4, PRODUCTS - 1, PRODUCTS, PRODUCTS + 5] {
            let runs = db.store.product_runs(asked).expect("runs");
            assert!(
                !runs.is_empty() && runs.len() <= asked.min(PRODUCTS),
                "{asked}"
            );
            let mut read = Vec::new();
            for run in &runs {
                let before = read.len();
                db.store
                    .each_products_page(run, |page| {
                        read.extend(page.into_iter().map(|p| p.id));
                        true
                    })
                    .expect("run");
                assert!(read.len() > before, "{asked}: an empty run {run:?}");
            }
            assert_eq!(read, whole, "{asked} runs");
            let sizes: Vec<usize> = runs
                .iter()
                .map(|run| {
                    let mut n = 0;
                    db.store
                        .each_products_page(run, |page| {
                            n += page.len();
                            true
                        })
                        .expect("run");
                    n
                })
                .collect();
            let (least, most) = (sizes.iter().min(), sizes.iter().max());
            assert!(
                most.zip(least).is_some_and(|(m, l)| m - l <= 1),
                "{asked}: runs of about equal size, not {sizes:?}"
            );
        }
    }
}

#[test]
fn sqlite_and_postgres_load_the_same_catalogue() {
    let Some(pg) = postgres() else { return };
    let (pg, lite) = (seeded(pg), seeded(sqlite()));
    let a = lite.store.load_catalogue().expect("sqlite");
    let b = pg.store.load_catalogue().expect("postgres");
    assert_eq!(a, b);
    let ids: Vec<ProductId> = a.products.iter().step_by(7).map(|p| p.id.clone()).collect();
    let mut x = lite.store.products_by_ids(&ids).expect("sqlite");
    let mut y = pg.store.products_by_ids(&ids).expect("postgres");
    x.sort_unstable_by(|p, q| p.id.cmp(&q.id));
    y.sort_unstable_by(|p, q| p.id.cmp(&q.id));
    assert_eq!(x, y);
}

mod swipes {
    //! The swipe ledger against a model: after any mix of swipes, repeated swipes, undos, time
    //! passing, window rolls and batches folded at once or later (a roll can come between a
    //! batch and its fold), the rollups equal a recount of the raw swipes, and each window's
    //! ranking equals the trending crate's over the model's swipes.

    use std::collections::{BTreeMap, HashMap, HashSet};

    use chrono::{DateTime, Duration, TimeZone, Utc};
    use proptest::prelude::*;
    use store::ids::{ProductId, UserId};
    use store::{NewSwipe, Store, SwipeCommand, SwipeOutcome};
    use trending::{BucketRow, HourBucket, TimeWindow, TrendGender};

    use super::{TempDb, postgres, seeded, sqlite};

    const USERS: usize = 3;
    const PRODUCTS: usize = 5;

    #[derive(Clone, Debug)]
    enum Op {
        Swipe {
            user: usize,
            product: usize,
            liked: bool,
        },
        Undo {
            user: usize,
        },
        /// The batch so far commits, folded into the rollups or only logged; time passes
        /// (minutes), then the windows are rolled or not.
        Wait {
            fold: bool,
            minutes: i64,
            roll: bool,
        },
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (0..USERS, 0..PRODUCTS, any::<bool>())
                .prop_map(|(user, product, liked)| Op::Swipe { user, product, liked }),
            2 => (0..USERS).prop_map(|user| Op::Undo { user }),
            2 => (any::<bool>(), 1i64..60 * 24 * 9, any::<bool>())
                .prop_map(|(fold, minutes, roll)| Op::Wait { fold, minutes, roll }),
            // Exactly a window, or half an hour short of one: the hour a swipe landed in is
            // then just out of the window, or just still in it.
            2 => (
                any::<bool>(),
                prop::sample::select(vec![24, 24 * 7, 24 * 30]),
                any::<bool>(),
                any::<bool>(),
            )
                .prop_map(|(fold, hours, short, roll)| Op::Wait {
                    fold,
                    minutes: hours * 60 - if short { 30 } else { 0 },
                    roll,
                }),
        ]
    }

    #[derive(Clone, Debug)]
    struct Verdict {
        liked: bool,
        at: DateTime<Utc>,
        seq: u64,
        added: bool,
        prev: Option<(bool, DateTime<Utc>, u64, bool)>,
    }

    #[derive(Default)]
    struct Model {
        verdicts: BTreeMap<(usize, usize), Verdict>,
        list: HashSet<(usize, usize)>,
        seq: HashMap<usize, u64>,
    }

    impl Model {
        fn swipe(&mut self, user: usize, product: usize, liked: bool, at: DateTime<Utc>) {
            let seq = self.seq.entry(user).or_default();
            *seq = self
                .verdicts
                .iter()
                .filter(|((u, _), _)| *u == user)
                .map(|(_, v)| v.seq)
                .max()
                .unwrap_or(0)
                + 1;
            let inserted = liked && self.list.insert((user, product));
            let prev = self
                .verdicts
                .get(&(user, product))
                .map(|v| (v.liked, v.at, v.seq, v.added));
            let added = inserted || prev.is_some_and(|p| p.3);
            self.verdicts.insert(
                (user, product),
                Verdict {
                    liked,
                    at,
                    seq: *seq,
                    added,
                    prev,
                },
            );
        }

        fn undo(&mut self, user: usize) -> Option<usize> {
            let (&key, _) = self
                .verdicts
                .iter()
                .filter(|((u, _), _)| *u == user)
                .max_by_key(|((_, p), v)| (v.seq, *p))?;
            let v = self.verdicts.remove(&key)?;
            if v.added && !v.prev.is_some_and(|p| p.3) {
                self.list.remove(&key);
            }
            if let Some((liked, at, seq, added)) = v.prev {
                self.verdicts.insert(
                    key,
                    Verdict {
                        liked,
                        at,
                        seq,
                        added,
                        prev: None,
                    },
                );
            }
            Some(key.1)
        }
    }

    fn user(store: &Store, n: usize) -> UserId {
        let email = format!("swiper{n}@example.in");
        let record =
            || super::shopper_record(format!("user-{n}"), &email, format!("90000000{n:02}"));
        let (user, _) = store.find_or_create_user(&email, record).expect("user");
        user.id
    }

    fn run(db: &TempDb, ops: &[Op]) {
        let store = &db.store;
        let users: Vec<UserId> = (0..USERS).map(|n| user(store, n)).collect();
        let catalogue = store.load_catalogue().expect("catalogue").products;
        let products: Vec<(ProductId, String)> = catalogue
            .iter()
            .step_by(catalogue.len() / PRODUCTS)
            .take(PRODUCTS)
            .map(|p| (p.id.clone(), p.gender.clone()))
            .collect();
        let mut now = Utc
            .with_ymd_and_hms(2026, 11, 1, 9, 30, 0)
            .single()
            .expect("time");
        store.roll_windows(now).expect("first roll");
        let mut model = Model::default();
        let mut batch: Vec<SwipeCommand> = Vec::new();
        let mut expected: Vec<SwipeOutcome> = Vec::new();
        let flush = |batch: &mut Vec<SwipeCommand>, expected: &mut Vec<SwipeOutcome>, now, fold| {
            let got = store.apply_swipes(batch, now).expect("apply");
            // One slice of the log, as the API's folder takes it under load: the rest waits
            // for later slices, across waits and rolls, or for the recount's whole fold.
            if fold {
                store.fold_swipes_slice(3).expect("fold a slice");
            }
            let kinds = |o: &SwipeOutcome| match o {
                SwipeOutcome::Swiped { product_id, .. } => format!("swiped {product_id}"),
                SwipeOutcome::Undone { product_id, .. } => format!("undone {product_id}"),
                SwipeOutcome::NothingToUndo => "nothing".to_owned(),
            };
            assert_eq!(
                got.iter().map(kinds).collect::<Vec<_>>(),
                expected.iter().map(kinds).collect::<Vec<_>>()
            );
            batch.clear();
            expected.clear();
        };
        for op in ops {
            match op {
                Op::Swipe {
                    user,
                    product,
                    liked,
                } => {
                    model.swipe(*user, *product, *liked, now);
                    batch.push(SwipeCommand::Swipe(NewSwipe {
                        user_id: users[*user].clone(),
                        product_id: products[*product].0.clone(),
                        gender: products[*product].1.clone(),
                        liked: *liked,
                        session_id: Some("s".into()),
                        device_info: None,
                    }));
                    expected.push(SwipeOutcome::Swiped {
                        product_id: products[*product].0.clone(),
                        liked: *liked,
                        swiped_at: now.naive_utc(),
                        session_id: None,
                        replaced: None,
                        added_to_list: false,
                    });
                }
                Op::Undo { user } => {
                    batch.push(SwipeCommand::Undo {
                        user_id: users[*user].clone(),
                    });
                    expected.push(match model.undo(*user) {
                        Some(p) => SwipeOutcome::Undone {
                            product_id: products[p].0.clone(),
                            liked: false,
                            restored: None,
                            removed_from_list: false,
                        },
                        None => SwipeOutcome::NothingToUndo,
                    });
                }
                Op::Wait {
                    fold,
                    minutes,
                    roll,
                } => {
                    flush(&mut batch, &mut expected, now, *fold);
                    now += Duration::minutes(*minutes);
                    if *roll {
                        store.roll_windows(now).expect("roll");
                    }
                    let check = store.check_rollups().expect("recount");
                    assert!(check.exact(), "rollups differ from a recount: {check:?}");
                }
            }
        }
        flush(&mut batch, &mut expected, now, false);
        store.roll_windows(now).expect("roll");
        let check = store.check_rollups().expect("recount");
        assert!(check.exact(), "rollups differ from a recount: {check:?}");

        for (u, id) in users.iter().enumerate() {
            let mut stored = store.swipes_of(id).expect("swipes of");
            stored.sort();
            let mut want: Vec<(ProductId, bool)> = model
                .verdicts
                .iter()
                .filter(|((mu, _), _)| *mu == u)
                .map(|((_, p), v)| (products[*p].0.clone(), v.liked))
                .collect();
            want.sort();
            assert_eq!(stored, want, "verdicts of user {u}");
            let mut list: Vec<ProductId> = store
                .curated_list(id)
                .expect("list")
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            list.sort();
            let mut want_list: Vec<ProductId> = model
                .list
                .iter()
                .filter(|(mu, _)| *mu == u)
                .map(|(_, p)| products[*p].0.clone())
                .collect();
            want_list.sort();
            assert_eq!(list, want_list, "curated list of user {u}");
        }

        let rows: Vec<BucketRow> = model
            .verdicts
            .iter()
            .map(|((_, p), v)| {
                BucketRow::new(
                    products[*p].0.clone(),
                    HourBucket::containing(v.at),
                    u64::from(v.liked),
                    u64::from(!v.liked),
                )
            })
            .collect();
        for window in TimeWindow::ALL {
            let want: Vec<(String, u64, u64)> = trending::trending(rows.clone(), window, now, 50)
                .into_iter()
                .filter(|r| r.counts.total() > 0)
                .map(|r| (r.product_id, r.counts.likes, r.counts.dislikes))
                .collect();
            let got: Vec<(String, u64, u64)> = store
                .trending_rows(window, None, 0, 50)
                .expect("trending")
                .into_iter()
                .map(|r| (r.product_id.into_inner(), r.likes as u64, r.dislikes as u64))
                .collect();
            assert_eq!(got, want, "ranking of {window:?}");
            let women = TrendGender::Women.product_gender();
            let got_women = store
                .trending_rows(window, Some(women), 0, 50)
                .expect("trending women");
            let want_women: Vec<&String> = want
                .iter()
                .filter(|(id, ..)| products.iter().any(|(p, g)| p == id && g == women))
                .map(|(id, ..)| id)
                .collect();
            assert_eq!(
                got_women.iter().map(|r| &r.product_id).collect::<Vec<_>>(),
                want_women
            );
        }
    }

    /// Runs `cases` random op sequences against one database, cleared between cases.
    fn check_against_model(db: TempDb, cases: u32) {
        let config = ProptestConfig {
            cases,
            ..ProptestConfig::default()
        };
        let mut runner = proptest::test_runner::TestRunner::new(config);
        runner
            .run(&prop::collection::vec(op(), 1..40), |ops| {
                db.store.clear_swipes().expect("clear");
                run(&db, &ops);
                Ok(())
            })
            .expect("the ledger matches its model");
    }

    #[test]
    fn rollups_equal_a_recount_on_sqlite() {
        check_against_model(seeded(sqlite()), 40);
    }

    #[test]
    fn rollups_equal_a_recount_on_postgres() {
        let Some(pg) = postgres() else { return };
        check_against_model(seeded(pg), 12);
    }

    #[test]
    fn a_replaced_swipe_is_counted_once_and_undo_brings_the_earlier_one_back() {
        let db = seeded(sqlite());
        let store = &db.store;
        let user = user(store, 7);
        let product = store.load_catalogue().expect("catalogue").products[0].clone();
        let now = Utc
            .with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("time");
        let swipe = |liked| {
            SwipeCommand::Swipe(NewSwipe {
                user_id: user.clone(),
                product_id: product.id.clone(),
                gender: product.gender.clone(),
                liked,
                session_id: None,
                device_info: None,
            })
        };
        // Each change folded at once, as the API's folder does when swipes are few.
        let apply = |commands: &[SwipeCommand]| {
            let out = store.apply_swipes(commands, now);
            store.fold_swipes().expect("fold");
            out
        };
        let out = apply(&[swipe(true), swipe(true), swipe(false)]).expect("apply");
        assert!(matches!(
            &out[..],
            [
                SwipeOutcome::Swiped {
                    replaced: None,
                    added_to_list: true,
                    ..
                },
                SwipeOutcome::Swiped {
                    replaced: Some(true),
                    added_to_list: false,
                    ..
                },
                SwipeOutcome::Swiped {
                    replaced: Some(true),
                    added_to_list: false,
                    ..
                },
            ]
        ));
        let rows = store
            .trending_rows(TimeWindow::Day, None, 0, 10)
            .expect("rows");
        assert_eq!((rows.len(), rows[0].likes, rows[0].dislikes), (1, 0, 1));
        assert_eq!(
            store.curated_list(&user).expect("list").len(),
            1,
            "a dislike keeps the list"
        );
        let undone = apply(&[SwipeCommand::Undo {
            user_id: user.clone(),
        }]);
        assert!(matches!(
            &undone.expect("undo")[..],
            [SwipeOutcome::Undone {
                liked: false,
                restored: Some(true),
                removed_from_list: false,
                ..
            }]
        ));
        let rows = store
            .trending_rows(TimeWindow::Day, None, 0, 10)
            .expect("rows");
        assert_eq!((rows[0].likes, rows[0].dislikes), (1, 0));
        let undone = apply(&[SwipeCommand::Undo {
            user_id: user.clone(),
        }]);
        assert!(matches!(
            &undone.expect("undo")[..],
            [SwipeOutcome::Undone {
                liked: true,
                restored: None,
                removed_from_list: true,
                ..
            }]
        ));
        assert!(
            store
                .trending_rows(TimeWindow::Day, None, 0, 10)
                .expect("rows")
                .is_empty()
        );
        assert!(store.curated_list(&user).expect("list").is_empty());
        let nothing = apply(&[SwipeCommand::Undo {
            user_id: user.clone(),
        }]);
        assert_eq!(nothing.expect("undo"), vec![SwipeOutcome::NothingToUndo]);
    }

    #[test]
    fn swipes_count_in_trending_once_folded_and_a_fold_takes_the_whole_log() {
        let db = seeded(sqlite());
        let store = &db.store;
        let (ana, ben) = (user(store, 1), user(store, 2));
        let products = store.load_catalogue().expect("catalogue").products;
        let now = Utc
            .with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("time");
        let like = |user: &UserId, n: usize| {
            SwipeCommand::Swipe(NewSwipe {
                user_id: user.clone(),
                product_id: products[n].id.clone(),
                gender: products[n].gender.clone(),
                liked: true,
                session_id: None,
                device_info: None,
            })
        };
        let day = |store: &Store| -> Vec<(ProductId, i64)> {
            store
                .trending_rows(TimeWindow::Day, None, 0, 10)
                .expect("rows")
                .into_iter()
                .map(|r| (r.product_id, r.likes))
                .collect()
        };
        store
            .apply_swipes(&[like(&ana, 0), like(&ben, 0)], now)
            .expect("apply");
        assert_eq!(store.swipes_of(&ana).expect("swipes").len(), 1, "stored");
        assert!(day(store).is_empty(), "not counted before a fold");
        assert_eq!(
            store.fold_swipes().expect("fold"),
            1,
            "one log row: product 0, this hour"
        );
        assert_eq!(day(store), vec![(products[0].id.clone(), 2)]);
        assert_eq!(store.fold_swipes().expect("fold"), 0, "nothing left");

        for user in [&ana, &ben] {
            store.apply_swipes(&[like(user, 1)], now).expect("apply");
        }
        assert_eq!(store.fold_swipes().expect("fold"), 2, "a row per batch");
        let mut both = day(store);
        both.sort();
        let mut want = vec![(products[0].id.clone(), 2), (products[1].id.clone(), 2)];
        want.sort();
        assert_eq!(both, want);
        assert_eq!(store.fold_swipes().expect("fold"), 0);

        for n in 2..5 {
            store.apply_swipes(&[like(&ana, n)], now).expect("apply");
        }
        assert_eq!(
            store.fold_swipes_slice(2).expect("slice"),
            2,
            "the oldest two"
        );
        assert_eq!(day(store).len(), 4, "two more products counted");
        assert_eq!(store.fold_swipes_slice(2).expect("slice"), 1, "the rest");
        assert_eq!(store.fold_swipes_slice(2).expect("slice"), 0);
        assert_eq!(day(store).len(), 5);
        assert!(store.check_rollups().expect("recount").exact());
    }

    /// Every window's trending rows, for both genders and all.
    fn rollups(store: &Store) -> Vec<String> {
        let mut lines = Vec::new();
        for window in TimeWindow::ALL {
            for gender in [None, Some("female"), Some("male")] {
                for row in store
                    .trending_rows(window, gender, 0, 1000)
                    .expect("trending")
                {
                    lines.push(format!("{window:?} {gender:?} {row:?}"));
                }
            }
        }
        lines
    }

    /// The same swipes, over 30 hours with undos and rolls, written to two databases; one
    /// folds its log at once, the other in slices of two rows with a roll between its first
    /// slice and the rest (the API's folder slices the log, and another process may roll the
    /// windows meanwhile). Both must end in the same rollups, equal to a recount, before and
    /// after a later roll.
    fn slices_fold_like_a_whole_fold(whole: TempDb, sliced: TempDb) {
        let start = Utc
            .with_ymd_and_hms(2026, 11, 1, 9, 30, 0)
            .single()
            .expect("time");
        let end = start + Duration::hours(30);
        for db in [&whole, &sliced] {
            let store = &db.store;
            let users: Vec<UserId> = (0..4).map(|n| user(store, n)).collect();
            let products = store.load_catalogue().expect("catalogue").products;
            store.roll_windows(start).expect("first roll");
            for step in 0..16_usize {
                let at = start + Duration::hours(2 * step as i64);
                let mut batch = Vec::new();
                for (u, user_id) in users.iter().enumerate() {
                    let product = &products[(u * 7 + step * 3) % 20];
                    batch.push(SwipeCommand::Swipe(NewSwipe {
                        user_id: user_id.clone(),
                        product_id: product.id.clone(),
                        gender: product.gender.clone(),
                        liked: (u + step) % 3 != 0,
                        session_id: None,
                        device_info: None,
                    }));
                    if (u + step) % 5 == 0 {
                        batch.push(SwipeCommand::Undo {
                            user_id: user_id.clone(),
                        });
                    }
                }
                store.apply_swipes(&batch, at).expect("apply");
                if step % 6 == 5 {
                    store.roll_windows(at).expect("roll");
                }
            }
        }
        let later = end + Duration::hours(1);
        assert!(whole.store.fold_swipes().expect("whole fold") > 4);
        whole.store.roll_windows(later).expect("roll");
        assert_eq!(sliced.store.fold_swipes_slice(2).expect("slice"), 2);
        sliced.store.roll_windows(later).expect("roll");
        let mut slices = 1;
        while sliced.store.fold_swipes_slice(2).expect("slice") > 0 {
            slices += 1;
        }
        assert!(slices > 2, "the log took {slices} slices");
        assert!(!rollups(&whole.store).is_empty());
        assert_eq!(rollups(&whole.store), rollups(&sliced.store));
        let much_later = end + Duration::days(9);
        for db in [&whole, &sliced] {
            db.store.roll_windows(much_later).expect("roll");
            let check = db.store.check_rollups().expect("recount");
            assert!(check.exact(), "rollups differ from a recount: {check:?}");
        }
        assert_eq!(rollups(&whole.store), rollups(&sliced.store));
    }

    #[test]
    fn a_log_folded_in_slices_ends_in_the_rollups_of_one_fold_on_sqlite() {
        slices_fold_like_a_whole_fold(seeded(sqlite()), seeded(sqlite()));
    }

    #[test]
    fn a_log_folded_in_slices_ends_in_the_rollups_of_one_fold_on_postgres() {
        let (Some(whole), Some(sliced)) = (postgres(), postgres()) else {
            return;
        };
        slices_fold_like_a_whole_fold(seeded(whole), seeded(sliced));
    }
}

mod bulk {
    //! A swipe history written in bulk holds exactly what the live path would: the same
    //! verdicts, list entries, hour buckets, window totals and watermarks as the same swipes
    //! applied one by one through `apply_swipes` at their times and then rolled to `now`.

    use chrono::{DateTime, Duration, TimeZone, Utc};
    use store::ids::{ProductId, UserId};
    use store::{PastSwipe, ShopperHistory, Store, SwipeCommand, UserRecord};
    use trending::TimeWindow;

    use super::{TempDb, postgres, seeded, sqlite};

    const USERS: usize = 6;

    fn users() -> Vec<UserRecord> {
        (0..USERS)
            .map(|n| {
                super::shopper_record(
                    format!("bulk-user-{n}"),
                    &format!("bulk{n}@example.in"),
                    format!("80000000{n:02}"),
                )
            })
            .collect()
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 10, 30, 0)
            .single()
            .expect("time")
    }

    /// Up to 40 swipes a shopper over the last 35 days (so some have left every window, and
    /// some fall in the hours at a window's edge), at most one per product.
    fn histories(products: usize) -> Vec<ShopperHistory> {
        let mut state: u64 = 7;
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        (0..USERS)
            .map(|u| {
                let count = 5 + next(36) as usize;
                let mut taken = std::collections::HashSet::new();
                let swipes = (0..count)
                    .filter_map(|_| {
                        let product = next(products as u64) as usize;
                        let minutes = match next(4) {
                            0 => next(60 * 24),
                            1 => 60 * 24 * 30 - 60 + next(120),
                            2 => 60 * 24 * 7 - 60 + next(120),
                            _ => next(60 * 24 * 35),
                        } as i64;
                        taken.insert(product).then(|| PastSwipe {
                            product,
                            liked: next(3) > 0,
                            at: (now() - Duration::minutes(minutes + 1)).naive_utc(),
                        })
                    })
                    .collect();
                ShopperHistory {
                    user_id: UserId::new(format!("bulk-user-{u}")),
                    swipes,
                }
            })
            .collect()
    }

    fn products(store: &Store) -> Vec<(ProductId, String)> {
        store
            .load_catalogue()
            .expect("catalogue")
            .products
            .into_iter()
            .map(|p| (p.id, p.gender))
            .collect()
    }

    /// The same history through the live path: each swipe applied at its own time, in order.
    fn replay(store: &Store, products: &[(ProductId, String)], histories: &[ShopperHistory]) {
        let mut all: Vec<(&UserId, &PastSwipe)> = histories
            .iter()
            .flat_map(|h| h.swipes.iter().map(move |s| (&h.user_id, s)))
            .collect();
        // Swipes of the same instant get their order as the bulk write numbers them.
        all.sort_by(|(_, a), (_, b)| {
            (a.at, &products[a.product].0).cmp(&(b.at, &products[b.product].0))
        });
        for (user, s) in all {
            let command = SwipeCommand::Swipe(store::NewSwipe {
                user_id: user.clone(),
                product_id: products[s.product].0.clone(),
                gender: products[s.product].1.clone(),
                liked: s.liked,
                session_id: None,
                device_info: None,
            });
            store
                .apply_swipes(&[command], s.at.and_utc())
                .expect("apply");
            store.fold_swipes().expect("fold");
        }
        store.roll_windows(now()).expect("roll");
    }

    fn state(store: &Store) -> Vec<String> {
        let mut lines = Vec::new();
        for window in TimeWindow::ALL {
            for gender in [None, Some("female"), Some("male")] {
                for row in store
                    .trending_rows(window, gender, 0, 1000)
                    .expect("trending")
                {
                    lines.push(format!("{window:?} {gender:?} {row:?}"));
                }
            }
        }
        for user in users() {
            let mut swipes = store.swipes_of(&user.id).expect("swipes");
            swipes.sort();
            lines.push(format!("{} swipes {swipes:?}", user.id));
            let list = store.curated_list(&user.id).expect("list");
            lines.push(format!("{} list {list:?}", user.id));
        }
        lines
    }

    fn matches_the_live_path(bulk: TempDb, live: TempDb) {
        let products = products(&bulk.store);
        let histories = histories(products.len());
        let swipes: usize = histories.iter().map(|h| h.swipes.len()).sum();
        assert_eq!(bulk.store.insert_users(&users()).expect("users"), USERS);
        assert_eq!(
            bulk.store.insert_users(&users()).expect("users again"),
            0,
            "existing users are skipped"
        );
        let report = bulk
            .store
            .write_history(&products, histories.clone(), now())
            .expect("write");
        assert_eq!(report.swipes as usize, swipes);
        let likes = histories
            .iter()
            .flat_map(|h| &h.swipes)
            .filter(|s| s.liked)
            .count();
        assert_eq!(report.list_entries as usize, likes);
        let check = bulk.store.check_rollups().expect("recount");
        assert!(check.exact(), "rollups differ from a recount: {check:?}");
        assert_eq!(check.swipes as usize, swipes);
        assert!(
            bulk.store
                .write_history(&products, histories.clone(), now())
                .is_err(),
            "a second history is refused"
        );

        live.store.insert_users(&users()).expect("users");
        replay(&live.store, &products, &histories);
        assert_eq!(state(&bulk.store), state(&live.store));

        // The live path carries on from the bulk state alike: undos, and a later roll.
        for user in users().iter().take(3) {
            let undo = [SwipeCommand::Undo {
                user_id: user.id.clone(),
            }];
            let later = now() + Duration::minutes(5);
            assert_eq!(
                bulk.store.apply_swipes(&undo, later).expect("undo"),
                live.store.apply_swipes(&undo, later).expect("undo")
            );
        }
        for store in [&bulk.store, &live.store] {
            store.fold_swipes().expect("fold");
        }
        let later = now() + Duration::hours(30);
        bulk.store.roll_windows(later).expect("roll");
        live.store.roll_windows(later).expect("roll");
        assert_eq!(state(&bulk.store), state(&live.store));
        let check = bulk.store.check_rollups().expect("recount");
        assert!(check.exact(), "rollups differ after the roll: {check:?}");
    }

    #[test]
    fn a_bulk_history_is_what_the_live_path_holds_on_sqlite() {
        matches_the_live_path(seeded(sqlite()), seeded(sqlite()));
    }

    #[test]
    fn a_bulk_history_is_what_the_live_path_holds_on_postgres() {
        let (Some(bulk), Some(live)) = (postgres(), postgres()) else {
            return;
        };
        matches_the_live_path(seeded(bulk), seeded(live));
    }
}

mod addresses {
    //! Saved addresses under concurrent writes: however one shopper's saves, default moves and
    //! deletions interleave, at most 20 are kept and exactly one is the default.

    use chrono::NaiveDateTime;
    use store::ids::{AddressId, UserId};
    use store::{AddressRecord, Store};

    use super::{TempDb, postgres, sqlite};

    fn address(user_id: &UserId, n: usize) -> AddressRecord {
        AddressRecord {
            id: AddressId::new(format!("{user_id}-address-{n:02}")),
            user_id: user_id.clone(),
            customer_name: format!("Recipient {n}"),
            phone: "9876543210".into(),
            email: "asha@gmail.com".into(),
            address: "Flat 12, Wing B".into(),
            address_2: "Fort, Mumbai".into(),
            city: "Mumbai".into(),
            pincode: "400001".into(),
            state: "Maharashtra".into(),
            country: "India".into(),
            is_default: false,
            created_at: NaiveDateTime::default(),
        }
    }

    fn next_default(rest: &[AddressRecord]) -> Option<AddressId> {
        validation::next_default(rest.iter().map(|a| (a.id.as_str(), a.created_at)))
            .map(AddressId::new)
    }

    fn defaults(store: &Store, user_id: &UserId) -> usize {
        store
            .addresses(user_id)
            .expect("addresses")
            .iter()
            .filter(|a| a.is_default)
            .count()
    }

    fn concurrent_writes_keep_the_rules(db: TempDb) {
        let store = &db.store;
        let email = "addresses@example.in";
        let (user, _) = store
            .find_or_create_user(email, || {
                super::shopper_record("address-user".into(), email, "9000000099".into())
            })
            .expect("user");
        const THREADS: usize = 6;
        const EACH: usize = 5;
        let refused: usize = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..THREADS)
                .map(|t| {
                    let user = &user.id;
                    scope.spawn(move || {
                        let mut refused = 0;
                        for i in 0..EACH {
                            let n = t * EACH + i;
                            let asked = n.is_multiple_of(3);
                            let outcome = store
                                .add_address(&address(user, n), |saved| {
                                    validation::admit_address(saved, asked)
                                })
                                .expect("add")
                                .expect("the user exists");
                            match outcome {
                                Ok(_) => {
                                    store
                                        .set_default_address(user, &address(user, n / 2).id)
                                        .expect("set default");
                                }
                                Err(validation::ValidationError::AddressLimit) => refused += 1,
                                Err(other) => panic!("{other}"),
                            }
                        }
                        refused
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a writer"))
                .sum()
        });
        let saved = store.addresses(&user.id).expect("addresses");
        assert_eq!(saved.len(), 20, "at most 20 are kept");
        assert_eq!(refused, THREADS * EACH - 20, "the others were refused");
        assert_eq!(defaults(store, &user.id), 1, "exactly one default");
        assert!(saved[0].is_default, "the default comes first");

        let ids: Vec<AddressId> = saved.iter().map(|a| a.id.clone()).collect();
        std::thread::scope(|scope| {
            for chunk in ids.chunks(7) {
                let user = &user.id;
                scope.spawn(move || {
                    for id in chunk {
                        assert!(
                            store
                                .delete_address(user, id, next_default)
                                .expect("delete")
                        );
                        // One read, so the other writers cannot change it halfway.
                        let left = store.addresses(user).expect("addresses");
                        let defaults = left.iter().filter(|a| a.is_default).count();
                        assert_eq!(defaults, usize::from(!left.is_empty()), "one while any");
                    }
                });
            }
        });
        assert!(store.addresses(&user.id).expect("addresses").is_empty());
        assert!(
            !store
                .delete_address(&user.id, &ids[0], next_default)
                .expect("delete")
        );
        assert_eq!(
            store.set_default_address(&user.id, &ids[0]).expect("set"),
            None
        );
    }

    #[test]
    fn concurrent_writes_keep_the_rules_on_sqlite() {
        concurrent_writes_keep_the_rules(sqlite());
    }

    #[test]
    fn concurrent_writes_keep_the_rules_on_postgres() {
        let Some(db) = postgres() else { return };
        concurrent_writes_keep_the_rules(db);
    }
}

mod coupons {
    //! Claiming coupon uses under concurrent checkouts: however claims race, a coupon is never
    //! used more than its limits allow.

    use chrono::{DateTime, Utc};
    use diesel::prelude::*;
    use store::ids::{OrderId, UserId};
    use store::{CouponClaim, Store, StoreError, claim_coupon_use};

    use super::{TempDb, postgres_pool, sqlite_pool};

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).expect("a time")
    }

    fn coupon(store: &Store, id: &str, limit: Option<i64>, per_user: Option<i64>) {
        store
            .in_transaction(|conn| {
                diesel::sql_query(
                    "INSERT INTO coupons (id, title, code, discount_type, discount_value, \
                     min_order_paise, is_active, valid_from, valid_until, usage_limit, \
                     usage_limit_per_user) VALUES ($1, 'Test', $1, 'fixed', 10000, 0, TRUE, \
                     '2026-01-01 00:00:00', '2031-01-01 00:00:00', $2, $3)",
                )
                .bind::<diesel::sql_types::Text, _>(id)
                .bind::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>, _>(limit)
                .bind::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>, _>(per_user)
                .execute(conn)
                .map(drop)
                .map_err(StoreError::from)
            })
            .expect("coupon");
    }

    fn user(store: &Store, n: usize) -> UserId {
        let email = format!("coupons{n}@example.in");
        let record = || {
            super::shopper_record(
                format!("coupon-user-{n}"),
                &email,
                format!("91000000{n:02}"),
            )
        };
        store
            .find_or_create_user(&email, record)
            .expect("user")
            .0
            .id
    }

    fn claim(store: &Store, coupon: &str, user: &UserId, order: &str) -> CouponClaim {
        let order = OrderId::new(order);
        store
            .in_transaction(|conn| claim_coupon_use(conn, coupon, user, &order, now()))
            .expect("claim")
    }

    fn racing_claims_never_pass_the_limits(db: TempDb) {
        const CLAIMS: usize = 24;
        const LIMIT: usize = 7;
        let store = &db.store;
        coupon(store, "RACE7", Some(LIMIT as i64), None);
        coupon(store, "ONCE", None, Some(1));
        let users: Vec<UserId> = (0..CLAIMS).map(|n| user(store, n)).collect();

        // Every claim a different shopper and order: exactly LIMIT are counted.
        let raced: Vec<CouponClaim> = std::thread::scope(|scope| {
            let handles: Vec<_> = users
                .iter()
                .enumerate()
                .map(|(n, user)| {
                    scope.spawn(move || claim(store, "RACE7", user, &format!("order-{n}")))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a claim"))
                .collect()
        });
        let claimed = raced.iter().filter(|o| **o == CouponClaim::Claimed).count();
        assert_eq!(claimed, LIMIT, "{raced:?}");
        assert!(
            raced
                .iter()
                .all(|o| matches!(o, CouponClaim::Claimed | CouponClaim::Exhausted)),
            "{raced:?}"
        );
        let (record, _) = store
            .coupon_by_code(" race7 ", &users[0])
            .expect("read")
            .expect("the coupon");
        assert_eq!(record.times_used, LIMIT as i64);
        assert_eq!(record.usage_limit, Some(LIMIT as i64));

        // One shopper's concurrent orders with a once-per-shopper coupon: one is counted.
        let shopper = &users[0];
        let outcomes: Vec<CouponClaim> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|n| scope.spawn(move || claim(store, "ONCE", shopper, &format!("mine-{n}"))))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a claim"))
                .collect()
        });
        let claimed = outcomes
            .iter()
            .filter(|o| **o == CouponClaim::Claimed)
            .count();
        assert_eq!(claimed, 1, "{outcomes:?}");
        assert!(
            outcomes
                .iter()
                .all(|o| matches!(o, CouponClaim::Claimed | CouponClaim::UsedByShopper)),
            "{outcomes:?}"
        );
        let (once, mine) = store
            .coupon_by_code("ONCE", shopper)
            .expect("read")
            .expect("the coupon");
        assert_eq!((once.times_used, mine), (1, 1), "a refusal counts nothing");
        assert_eq!(
            store.coupon_uses_of(shopper).expect("uses").get("ONCE"),
            Some(&1)
        );
        // Another shopper still may; a retried order is counted once.
        let order = claim(store, "ONCE", &users[1], "theirs");
        assert_eq!(order, CouponClaim::Claimed);
        assert_eq!(
            claim(store, "ONCE", &users[1], "theirs"),
            CouponClaim::AlreadyClaimed
        );
        let retried = if raced[0] == CouponClaim::Claimed {
            CouponClaim::AlreadyClaimed
        } else {
            CouponClaim::Exhausted
        };
        assert_eq!(claim(store, "RACE7", &users[0], "order-0"), retried);
        assert_eq!(
            claim(store, "NOPE", &users[0], "x"),
            CouponClaim::UnknownCoupon
        );
        assert_eq!(
            store
                .coupon_by_code("ONCE", &users[1])
                .expect("read")
                .map(|(c, n)| (c.times_used, n)),
            Some((2, 1))
        );

        // A claim rolled back with the caller's transaction leaves no trace.
        coupon(store, "SPARE", Some(1), None);
        let refused: Result<(), StoreError> = store.in_transaction(|conn| {
            assert_eq!(
                claim_coupon_use(conn, "SPARE", &users[2], &OrderId::new("lost"), now())?,
                CouponClaim::Claimed
            );
            Err(StoreError::Config("the order failed".into()))
        });
        assert!(refused.is_err());
        assert_eq!(
            claim(store, "SPARE", &users[3], "kept"),
            CouponClaim::Claimed
        );
    }

    #[test]
    fn racing_claims_never_pass_the_limits_on_sqlite() {
        racing_claims_never_pass_the_limits(sqlite_pool(8));
    }

    #[test]
    fn racing_claims_never_pass_the_limits_on_postgres() {
        let Some(db) = postgres_pool(8) else { return };
        racing_claims_never_pass_the_limits(db);
    }
}

/// A shopper who has just signed up, as the tests need one: nothing but an id, an e-mail and a
/// phone number.
fn shopper_record(id: String, email: &str, phone: String) -> store::UserRecord {
    store::UserRecord {
        display_name: id.clone(),
        id: store::ids::UserId::new(id),
        email: Some(email.to_owned()),
        phone: Some(phone),
        age: 25,
        gender: "other".into(),
        date_of_birth: None,
        location: String::new(),
        delivery_addresses: vec![],
        interests: vec![],
        ml_preferences: vec![],
        age_range: String::new(),
        onboarded: false,
        is_admin: false,
        is_brand_user: false,
        brand_id: None,
        token_version: 0,
        last_login: None,
        created_at: chrono::NaiveDateTime::default(),
        pending_email: None,
    }
}

/// Replicas started together all come up on a fresh database: the migrations are applied once,
/// by whichever process takes the migration lock first, and found done by the others.
#[test]
fn processes_starting_together_migrate_once() {
    let Some(db) = postgres_pool(1) else { return };
    let (admin, _) = db.postgres.clone().expect("a PostgreSQL database");
    let name = format!("shop_store_{}", unique());
    PgConnection::establish(&admin)
        .expect("connect to the test server")
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .expect("create database");
    let cut = admin.rfind('/').expect("URL with a database");
    let url = DatabaseUrl::Postgres(format!("{}/{name}", &admin[..cut]));
    let starts: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || Store::open(&url, 1).map(|_| ()))
        })
        .collect();
    let outcomes: Vec<_> = starts
        .into_iter()
        .map(|start| start.join().expect("a start"))
        .collect();
    let _ = PgConnection::establish(&admin).map(|mut conn| {
        conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    });
    for outcome in outcomes {
        outcome.expect("every process starts");
    }
}

#[test]
fn processes_starting_together_seed_once() {
    let Some(db) = postgres_pool(1) else { return };
    let (admin, name) = db.postgres.clone().expect("a PostgreSQL database");
    let cut = admin.rfind('/').expect("URL with a database");
    let url = DatabaseUrl::Postgres(format!("{}/{name}", &admin[..cut]));
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(3));
    let starts: Vec<_> = (0..3)
        .map(|_| {
            let (url, barrier) = (url.clone(), std::sync::Arc::clone(&barrier));
            std::thread::spawn(move || {
                let store = Store::open(&url, 1)?;
                barrier.wait();
                store.seed_if_empty(|| catalogue::generate(PRODUCTS))
            })
        })
        .collect();
    let mut reports: Vec<SeedReport> = starts
        .into_iter()
        .map(|start| {
            start
                .join()
                .expect("a start")
                .expect("every process seeds or finds the seed")
        })
        .collect();
    reports.sort_by_key(|r| matches!(r, SeedReport::AlreadySeeded));
    assert_eq!(
        reports,
        [
            SeedReport::Seeded {
                brands: 24,
                products: PRODUCTS
            },
            SeedReport::AlreadySeeded,
            SeedReport::AlreadySeeded
        ]
    );
    assert_eq!(
        db.store.load_catalogue().expect("load").products.len(),
        PRODUCTS
    );
}

/// Every write to a user's row that a cached session depends on adds an entry to the sessions'
/// feed, in its own transaction; a write that finds no live user adds none.
fn every_user_write_notes_a_session_change(db: TempDb) {
    let store = &db.store;
    let id = unique();
    let (user, _) = store
        .find_or_create_user("feed@example.com", || {
            shopper_record(id.clone(), "feed@example.com", format!("+91{}", &id[..10]))
        })
        .expect("create");
    let start = store.last_session_change().expect("last");
    let noted = |since: i64| -> Vec<String> {
        store
            .session_changes_since(since, 100)
            .expect("feed")
            .into_iter()
            .map(|c| c.user_id)
            .collect()
    };
    let far = chrono::Utc::now() + chrono::Duration::days(1);
    store
        .touch_last_login(&user.id, chrono::NaiveDateTime::default())
        .expect("login");
    assert!(store.save_user(&user).expect("save"));
    assert!(store.set_role(&user.id, true, false, None).expect("role"));
    store.bump_token_version(&user.id).expect("bump");
    assert!(
        store
            .start_email_change(&user.id, "new@example.com", "hmac", far)
            .expect("start")
    );
    store.cancel_email_change(&user.id).expect("cancel");
    assert!(
        store
            .start_email_change(&user.id, "new@example.com", "hmac", far)
            .expect("start again")
    );
    assert!(
        store
            .confirm_email_change(&user.id, "new@example.com", "hmac")
            .expect("confirm")
            .expect("not taken")
            .is_some()
    );
    assert!(
        store
            .delete_user(&user.id, chrono::NaiveDateTime::default())
            .expect("delete")
    );
    let changes = noted(start);
    assert_eq!(changes.len(), 9, "{changes:?}");
    assert!(changes.iter().all(|u| *u == id));
    let last = store.last_session_change().expect("last");
    assert!(!store.set_role(&user.id, false, false, None).expect("gone"));
    assert!(
        !store
            .delete_user(&user.id, chrono::NaiveDateTime::default())
            .expect("gone")
    );
    assert_eq!(store.last_session_change().expect("last"), last);
    assert_eq!(
        store.session_changes_since(start, 2).expect("feed").len(),
        2
    );
    let later = chrono::Utc::now().naive_utc() + chrono::Duration::hours(1);
    assert_eq!(store.prune_session_changes(later).expect("prune"), 9);
    assert!(noted(0).is_empty());
}

mod session_feed {
    use super::*;

    #[test]
    fn every_user_write_notes_a_session_change_on_sqlite() {
        every_user_write_notes_a_session_change(sqlite());
    }

    #[test]
    fn every_user_write_notes_a_session_change_on_postgres() {
        let Some(db) = postgres() else { return };
        every_user_write_notes_a_session_change(db);
    }
}
