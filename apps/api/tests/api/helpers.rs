//! `spawn_app`: the real server on a random port over a fresh database (a SQLite file in a
//! temporary folder, or a PostgreSQL database created for the test and dropped after it).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use api::config::{AssistantConfig, Config, CorsOrigins, LogFormat, PlacesConfig, Secret};
use api::startup::{Application, Providers};
use api::state::Clock;
use chrono::{DateTime, TimeZone, Utc};
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

/// Products in each test's catalogue: enough for every filter and page, quick to seed.
pub const TEST_PRODUCTS: usize = 120;

/// Which database a test runs on.
#[derive(Clone, Debug)]
pub enum Backend {
    Sqlite,
    Postgres { admin_url: String },
}

impl Backend {
    /// PostgreSQL from `SHOP_TEST_POSTGRES_URL` (set by `cargo xtask test`, which starts a
    /// throwaway cluster). Without it the PostgreSQL half is skipped, loudly, unless
    /// `SHOP_REQUIRE_POSTGRES=1` (as in CI), where its absence fails the test.
    pub fn postgres() -> Option<Self> {
        match std::env::var("SHOP_TEST_POSTGRES_URL") {
            Ok(admin_url) if !admin_url.is_empty() => Some(Self::Postgres { admin_url }),
            _ => {
                assert!(
                    std::env::var("SHOP_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                    "SHOP_REQUIRE_POSTGRES=1 but SHOP_TEST_POSTGRES_URL is not set; run `cargo xtask test`"
                );
                eprintln!(
                    "skipping the PostgreSQL half: SHOP_TEST_POSTGRES_URL is not set (cargo xtask test sets it)"
                );
                None
            }
        }
    }
}

/// Runs the test body once per backend, as two test functions named after the backend.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name($crate::helpers::Backend::Sqlite).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(backend) = $crate::helpers::Backend::postgres() {
                    super::$name(backend).await;
                }
            }
        }
    )*};
}

/// A running server and what it needs to be cleaned up.
pub struct TestApp {
    /// How far the server's clock has been moved past [`test_now`], in seconds.
    moved: Arc<AtomicI64>,
    pub address: String,
    /// `http://127.0.0.1:<port>` of the metrics' own listener, when [`Options::metrics_addr`]
    /// asked for one.
    pub metrics_address: Option<String>,
    pub client: reqwest::Client,
    data_dir: PathBuf,
    postgres: Option<(String, String)>,
}

/// The moment the tests pretend it is: inside the demo coupons' validity.
pub fn test_now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
        .single()
        .expect("valid date")
}

pub struct Options {
    pub cors_origins: CorsOrigins,
    pub frontend_dir: Option<PathBuf>,
    pub public_url: Option<String>,
    /// Mail through this SMTP server instead of the outbox.
    pub smtp_url: Option<String>,
    /// An OpenAI-compatible assistant at this base URL instead of the local one.
    pub assistant_url: Option<String>,
    /// Google Places (both the Places API (New) and the Geocoding API) at this base URL, with
    /// [`TEST_PLACES_KEY`], instead of the embedded directory.
    pub places_url: Option<String>,
    /// How far forwarding headers are believed (not at all unless set).
    pub forwarding: access::client::Forwarding,
    /// `SHOP_MAX_CONNECTIONS_PER_CLIENT` (the default unless set).
    pub max_connections_per_client: Option<u32>,
    /// The payment sandbox behind a gate the test holds: refunds held until it opens, the
    /// sandbox's own webhooks muted at will.
    pub payments_gate: Option<Arc<PaymentsGate>>,
    /// Uploaded images in this S3-compatible bucket instead of `<data dir>/media`.
    pub media_bucket: Option<api::config::MediaBucketConfig>,
    /// How often the catalogue follows the change feed (50 ms unless set): a test of what a
    /// write shows at once sets it long, so no poll can do the write's work.
    pub catalogue_refresh: Option<std::time::Duration>,
    /// `SHOP_IMPORT_FETCH_ALLOW`: `host:port` pairs the image fetcher may reach.
    pub import_fetch_allow: Vec<String>,
    /// The live event streams' heartbeat (15 s unless set).
    pub events_heartbeat: Option<std::time::Duration>,
    /// Run on this database (another test app's, from [`TestApp::database_url`]: two API
    /// processes on one database) instead of a fresh one; the app that made it drops it.
    pub database: Option<store::DatabaseUrl>,
    /// `SHOP_METRICS_ADDR`: the metrics on a listener of their own.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Seed the demo shoppers' swipe history with the catalogue (off unless set: it takes a
    /// while, and most tests count swipes from zero).
    pub demo_history: bool,
    /// `SHOP_SEED_DEMO=false`: no demo catalogue, no demo history.
    pub no_demo: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            cors_origins: CorsOrigins::None,
            frontend_dir: None,
            public_url: None,
            smtp_url: None,
            assistant_url: None,
            places_url: None,
            forwarding: access::client::Forwarding::Ignore,
            max_connections_per_client: None,
            payments_gate: None,
            media_bucket: None,
            catalogue_refresh: None,
            import_fetch_allow: Vec::new(),
            events_heartbeat: None,
            database: None,
            metrics_addr: None,
            demo_history: false,
            no_demo: false,
        }
    }
}

/// The places key of a test server with `places_url`: tests check where it goes and that no
/// answer shows it.
pub const TEST_PLACES_KEY: &str = "AIza-test-places-key";

/// The session secret of every test server, so tests can forge tokens as an attacker who
/// knows it would, or as one who does not.
pub const TEST_SESSION_SECRET: &str = "the tests' session secret, 32+ characters long";

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, Options::default()).await
}

pub async fn spawn_app_with(backend: Backend, options: Options) -> TestApp {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let data_dir = std::env::temp_dir().join(format!("shop-test-{id}"));
    std::fs::create_dir_all(&data_dir).expect("temp dir");
    let (database_url, postgres) = match (options.database, backend) {
        (Some(shared), _) => (shared, None),
        (None, Backend::Sqlite) => (
            store::DatabaseUrl::Sqlite(
                data_dir.join("shop.sqlite3").to_string_lossy().into_owned(),
            ),
            None,
        ),
        (None, Backend::Postgres { admin_url }) => {
            let name = format!("shop_test_{id}");
            let mut admin =
                PgConnection::establish(&admin_url).expect("connect to the test PostgreSQL server");
            admin
                .batch_execute(&format!("CREATE DATABASE {name}"))
                .expect("create test database");
            let url = replace_database(&admin_url, &name);
            (store::DatabaseUrl::Postgres(url), Some((admin_url, name)))
        }
    };
    let config = Config {
        addr: "127.0.0.1:0".parse().expect("addr"),
        data_dir: data_dir.clone(),
        database_url,
        frontend_dir: options
            .frontend_dir
            .unwrap_or_else(|| data_dir.join("no-frontend")),
        log_format: LogFormat::Pretty,
        cors_origins: options.cors_origins,
        db_pool_size: 4,
        db_timeouts: store::Timeouts::default(),
        // Several writers on PostgreSQL, so the tests cover shoppers' commands ordered across
        // writers (production runs one by default).
        swipe_writers: 4,
        seed_demo: !options.no_demo,
        demo_products: TEST_PRODUCTS,
        demo_history: options.demo_history,
        public_url: options.public_url,
        catalogue_refresh: options
            .catalogue_refresh
            .unwrap_or(std::time::Duration::from_millis(50)),
        session_secret: Some(Secret::new(TEST_SESSION_SECRET)),
        // Generated into the data directory, as a development start does.
        data_key: None,
        smtp_url: options.smtp_url.map(Secret::new),
        mail_from: "Casa <no-reply@casa.test>".to_owned(),
        assistant: options.assistant_url.map(|url| AssistantConfig {
            url,
            key: Some(Secret::new("test-assistant-key")),
            model: "test-model".to_owned(),
        }),
        places: options.places_url.map(|url| PlacesConfig {
            url: Some(url),
            key: Secret::new(TEST_PLACES_KEY),
        }),
        razorpay: None,
        shipping: None,
        forwarding: options.forwarding,
        max_connections_per_client: options
            .max_connections_per_client
            .unwrap_or(api::config::DEFAULT_CONNECTIONS_PER_CLIENT),
        media_bucket: options.media_bucket,
        import_fetch_allow: options.import_fetch_allow,
        events_heartbeat: options
            .events_heartbeat
            .unwrap_or(api::services::events::HEARTBEAT),
        metrics_addr: options.metrics_addr,
    };
    if std::env::var("TEST_LOG").is_ok() {
        api::telemetry::init(LogFormat::Pretty);
    }
    let moved = Arc::new(AtomicI64::new(0));
    let offset = Arc::clone(&moved);
    let clock = Clock::from_fn(move || {
        test_now() + chrono::TimeDelta::seconds(offset.load(Ordering::SeqCst))
    });
    let app = match options.payments_gate {
        Some(gate) => {
            let mut providers = Providers::from_config(&config, &clock).expect("providers");
            gate.sandbox
                .set(Arc::clone(&providers.payments))
                .expect("one server per gate");
            providers.payments = Arc::new(GatedPayments {
                inner: providers.payments,
                gate,
            });
            Application::build_with(&config, clock, providers)
        }
        None => Application::build(&config, clock),
    }
    .expect("build the app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_address = app
        .metrics_port()
        .map(|port| format!("http://127.0.0.1:{port}"));
    tokio::spawn(app.run_until_stopped());
    TestApp {
        moved,
        address,
        metrics_address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            // The server closes a connection idle for 5 s (actix's keep-alive); reusing one
            // that old races its close and is reset, so idle connections go well before.
            .pool_idle_timeout(std::time::Duration::from_secs(2))
            .build()
            .expect("client"),
        data_dir,
        postgres,
    }
}

fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let cut = base.rfind('/').expect("a URL with a path");
    format!("{}/{name}{query}", &base[..cut])
}

impl TestApp {
    /// Moves the server's clock forward by `by` (it starts at [`test_now`] and stands still).
    pub fn advance(&self, by: chrono::TimeDelta) {
        self.moved.fetch_add(by.num_seconds(), Ordering::SeqCst);
    }

    /// The server's data directory (the SQLite file, the outbox).
    pub fn data_dir(&self) -> &std::path::Path {
        &self.data_dir
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let res = self.get(path).await;
        let status = res.status().as_u16();
        (status, res.json().await.expect("a JSON body"))
    }
}

impl TestApp {
    /// Runs SQL on the test's database through a connection of its own, as another process
    /// (an admin tool, another API process) would.
    pub fn execute_sql(&self, sql: &str) {
        match &self.postgres {
            Some((admin_url, name)) => {
                let mut conn = PgConnection::establish(&replace_database(admin_url, name))
                    .expect("connect to the test database");
                conn.batch_execute(sql).expect("run SQL");
            }
            None => {
                let path = self.data_dir.join("shop.sqlite3");
                let mut conn = diesel::SqliteConnection::establish(
                    path.to_str().expect("a UTF-8 temporary path"),
                )
                .expect("open the test database");
                conn.batch_execute("PRAGMA busy_timeout = 5000;")
                    .expect("busy timeout");
                conn.batch_execute(sql).expect("run SQL");
            }
        }
    }

    /// Drops the test's PostgreSQL database under the running server, as an outage would.
    /// A store on the test's database, as an operator's command would open it.
    pub fn store(&self) -> store::Store {
        store::Store::open(&self.database_url(), 2).expect("open the test database")
    }

    /// The test's database, for another app on it ([`Options::database`]).
    pub fn database_url(&self) -> store::DatabaseUrl {
        match &self.postgres {
            Some((admin_url, name)) => {
                store::DatabaseUrl::Postgres(replace_database(admin_url, name))
            }
            None => store::DatabaseUrl::Sqlite(
                self.data_dir
                    .join("shop.sqlite3")
                    .to_string_lossy()
                    .into_owned(),
            ),
        }
    }

    /// Waits until the swipes stored so far are folded into the trending rollups (the API's
    /// folder does that within moments of a commit).
    pub async fn swipes_folded(&self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while self.count("swipe_log") > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the swipe log was not folded within 10 s"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }

    /// `SELECT COUNT(*) FROM <from_where>` on the test's database.
    pub fn count(&self, from_where: &str) -> i64 {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let sql = format!("SELECT COUNT(*) AS n FROM {from_where}");
        let rows: Vec<Count> = match &self.postgres {
            Some((admin_url, name)) => {
                let mut conn = PgConnection::establish(&replace_database(admin_url, name))
                    .expect("connect to the test database");
                diesel::sql_query(&sql).load(&mut conn).expect("count")
            }
            None => {
                let path = self.data_dir.join("shop.sqlite3");
                let mut conn = diesel::SqliteConnection::establish(
                    path.to_str().expect("a UTF-8 temporary path"),
                )
                .expect("open the test database");
                diesel::sql_query(&sql).load(&mut conn).expect("count")
            }
        };
        rows.first().map_or(0, |c| c.n)
    }

    pub fn drop_postgres_database(&self) {
        let (admin_url, name) = self.postgres.as_ref().expect("a PostgreSQL test app");
        let mut admin =
            PgConnection::establish(admin_url).expect("connect to the test PostgreSQL server");
        admin
            .batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)"))
            .expect("drop the test database");
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
        if let Some((admin_url, name)) = self.postgres.take()
            && let Ok(mut admin) = PgConnection::establish(&admin_url)
        {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// Asserts the `{"error", "code"}` shape and returns the code.
pub fn error_code(body: &serde_json::Value) -> String {
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "error message in {body}"
    );
    body["code"].as_str().expect("code").to_owned()
}

/// The catalogue every test app is seeded with.
pub fn demo() -> &'static catalogue::Catalogue {
    static DEMO: std::sync::OnceLock<catalogue::Catalogue> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| catalogue::generate(TEST_PRODUCTS))
}

/// The demo's products that shoppers see (those of active brands), newest first.
pub fn listed() -> Vec<&'static catalogue::Product> {
    let demo = demo();
    let mut products: Vec<&catalogue::Product> = demo
        .products
        .iter()
        .filter(|p| {
            demo.brands
                .iter()
                .any(|b| b.id == p.brand_id && b.is_active)
        })
        .collect();
    products.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
    products
}

/// The `_id`s of a JSON list.
pub fn ids(list: &serde_json::Value) -> Vec<String> {
    list.as_array()
        .expect("a JSON array")
        .iter()
        .map(|item| item["_id"].as_str().expect("an _id").to_owned())
        .collect()
}

/// Paise of a `{"$numberDecimal": "1299.00"}`.
pub fn paise(decimal: &serde_json::Value) -> i64 {
    let text = decimal["$numberDecimal"]
        .as_str()
        .expect("a $numberDecimal string");
    let (rupees, paise) = text.split_once('.').expect("two decimals");
    assert_eq!(paise.len(), 2, "two decimals in {text}");
    rupees.parse::<i64>().expect("rupees") * 100 + paise.parse::<i64>().expect("paise")
}

/// A signed-in user of a test server.
#[derive(Clone, Debug)]
pub struct Session {
    pub token: String,
    /// The `shop_session=...` pair a browser would send back.
    pub cookie: String,
    pub user: serde_json::Value,
}

impl Session {
    pub fn id(&self) -> String {
        self.user["_id"].as_str().expect("an id").to_owned()
    }

    pub fn phone(&self) -> String {
        self.user["phone"].as_str().expect("a phone").to_owned()
    }
}

impl TestApp {
    /// The outbox folder of the embedded mailer.
    pub fn outbox(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// The messages in the outbox addressed to `email`, oldest first, as raw text.
    pub fn outbox_mails(&self, email: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.outbox()) else {
            return Vec::new();
        };
        let mut mails: Vec<(std::time::SystemTime, String)> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .filter_map(|e| {
                let modified = e.metadata().ok()?.modified().ok()?;
                let text = std::fs::read_to_string(e.path()).ok()?;
                let to = format!("To: {email}");
                text.lines()
                    .any(|l| l.eq_ignore_ascii_case(&to))
                    .then_some((modified, text))
            })
            .collect();
        mails.sort_by_key(|(modified, _)| *modified);
        mails.into_iter().map(|(_, text)| text).collect()
    }

    /// The code of the newest sign-in mail to `email`.
    pub fn outbox_code(&self, email: &str) -> String {
        let mails = self.outbox_mails(email);
        let mail = mails.last().unwrap_or_else(|| panic!("no mail to {email}"));
        code_in_mail(mail).unwrap_or_else(|| panic!("no code in {mail}"))
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
        session: Option<&Session>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(session) = session {
            request = request.bearer_auth(&session.token);
        }
        request.send().await.expect("request")
    }

    pub async fn send_json(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
        session: Option<&Session>,
    ) -> (u16, serde_json::Value) {
        let res = self.send(method, path, body, session).await;
        let status = res.status().as_u16();
        (status, res.json().await.expect("a JSON body"))
    }

    /// Asks for a code for `email`; the answer's status and body.
    pub async fn generate_otp(&self, email: &str) -> (u16, serde_json::Value) {
        self.send_json(
            reqwest::Method::POST,
            "/api/users/generate-otp",
            Some(serde_json::json!({ "email": email })),
            None,
        )
        .await
    }

    pub async fn verify_otp(&self, email: &str, otp: &str) -> reqwest::Response {
        self.send(
            reqwest::Method::POST,
            "/api/users/verify-otp",
            Some(serde_json::json!({ "email": email, "otp": otp })),
            None,
        )
        .await
    }

    /// Signs `email` in through the outbox, as a person would.
    pub async fn sign_in(&self, email: &str) -> Session {
        let (status, body) = self.generate_otp(email).await;
        assert_eq!(status, 200, "generate-otp: {body}");
        let code = self.outbox_code(email);
        let res = self.verify_otp(email, &code).await;
        assert_eq!(res.status().as_u16(), 200, "verify-otp");
        let cookie = session_cookie(&res)
            .as_deref()
            .and_then(|v| v.split(';').next())
            .expect("a session cookie")
            .to_owned();
        let body: serde_json::Value = res.json().await.expect("json");
        Session {
            token: body["token"].as_str().expect("a token").to_owned(),
            cookie,
            user: body["user"].clone(),
        }
    }

    /// Signs `email` in and completes onboarding.
    pub async fn onboarded(&self, email: &str) -> Session {
        let mut session = self.sign_in(email).await;
        let (status, user) = self
            .send_json(
                reqwest::Method::POST,
                "/api/users",
                Some(serde_json::json!({
                    "email": email,
                    "display_name": "Asha Rao",
                    "gender": "female",
                    "ageRange": "Gen Z (18-25)",
                    "interests": ["Streetwear", "Minimal", "Ethnic"],
                    "ml_preferences": ["Relaxed Fit"],
                })),
                Some(&session),
            )
            .await;
        assert_eq!(status, 200, "{user}");
        session.user = user;
        session
    }
}

/// The `Set-Cookie` line of the session cookie in an answer, attributes included.
pub fn session_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("shop_session="))
        .map(str::to_owned)
}

/// Whether an answer tells the browser to forget its session cookie.
pub fn clears_session(res: &reqwest::Response) -> bool {
    session_cookie(res).is_some_and(|c| c.starts_with("shop_session=;") && c.contains("Max-Age=0"))
}

/// The six-digit code in a mail's body (headers hold other numbers: dates, ids).
pub fn code_in_mail(mail: &str) -> Option<String> {
    let body = mail
        .split_once("\r\n\r\n")
        .or_else(|| mail.split_once("\n\n"))?
        .1;
    let bytes = body.as_bytes();
    (0..bytes.len().saturating_sub(5)).find_map(|i| {
        let run = &bytes[i..i + 6];
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + 6).copied();
        (run.iter().all(u8::is_ascii_digit)
            && !before.is_some_and(|b| b.is_ascii_digit())
            && !after.is_some_and(|b| b.is_ascii_digit()))
        .then(|| String::from_utf8_lossy(run).into_owned())
    })
}

/// Holds the refunds a test server asks of its payment sandbox until [`PaymentsGate::open`]
/// (the window in which a refund is being asked for, kept open as long as a test needs it), and
/// mutes the sandbox's own webhooks so that the test sends them when it wants.
#[derive(Debug)]
pub struct PaymentsGate {
    open: tokio::sync::watch::Sender<bool>,
    asked: AtomicUsize,
    muted: AtomicBool,
    sandbox: OnceLock<Arc<dyn providers::Payments>>,
}

impl PaymentsGate {
    pub fn new() -> Arc<Self> {
        Arc::new(Self {
            open: tokio::sync::watch::channel(false).0,
            asked: AtomicUsize::new(0),
            muted: AtomicBool::new(false),
            sandbox: OnceLock::new(),
        })
    }

    /// From now on the sandbox's webhooks, the ones due and later ones, are not sent (the
    /// sandbox's test sheet is gone too).
    pub fn mute_webhooks(&self) {
        self.muted.store(true, Ordering::SeqCst);
    }

    /// The sandbox's signed `payment.captured` event for `payment_id`, as it would send it.
    pub fn captured_event(&self, payment_id: &str) -> providers::SignedWebhook {
        self.sandbox
            .get()
            .and_then(|payments| payments.sandbox())
            .expect("a sandbox")
            .webhook(providers::SandboxEvent::PaymentCaptured, payment_id)
            .expect("a payment the sandbox knows")
    }

    /// Lets every held refund, and every later one, through.
    pub fn open(&self) {
        self.open.send_replace(true);
    }

    /// How many refunds the server has asked for, held or not.
    pub fn asked(&self) -> usize {
        self.asked.load(Ordering::SeqCst)
    }
}

/// The sandbox behind a [`PaymentsGate`].
#[derive(Debug)]
struct GatedPayments {
    inner: Arc<dyn providers::Payments>,
    gate: Arc<PaymentsGate>,
}

impl providers::Payments for GatedPayments {
    fn create_order<'a>(
        &'a self,
        amount_paise: i64,
        currency: &'a str,
        receipt: &'a str,
        notes: &'a providers::Notes,
    ) -> providers::BoxFuture<'a, Result<providers::ProviderOrder, providers::PaymentsError>> {
        self.inner
            .create_order(amount_paise, currency, receipt, notes)
    }

    fn verify_payment_signature(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        self.inner
            .verify_payment_signature(order_id, payment_id, signature)
    }

    fn verify_webhook_signature(&self, raw_body: &[u8], signature: &str) -> bool {
        self.inner.verify_webhook_signature(raw_body, signature)
    }

    fn fetch_payment<'a>(
        &'a self,
        payment_id: &'a str,
    ) -> providers::BoxFuture<'a, Result<providers::ProviderPayment, providers::PaymentsError>>
    {
        self.inner.fetch_payment(payment_id)
    }

    fn refund<'a>(
        &'a self,
        payment_id: &'a str,
        amount_paise: i64,
        receipt: Option<&'a str>,
        notes: &'a providers::Notes,
    ) -> providers::BoxFuture<'a, Result<providers::ProviderRefund, providers::PaymentsError>> {
        self.gate.asked.fetch_add(1, Ordering::SeqCst);
        let mut open = self.gate.open.subscribe();
        Box::pin(async move {
            let _ = open.wait_for(|open| *open).await;
            self.inner
                .refund(payment_id, amount_paise, receipt, notes)
                .await
        })
    }

    fn refund_status<'a>(
        &'a self,
        refund_id: &'a str,
    ) -> providers::BoxFuture<'a, Result<providers::ProviderRefund, providers::PaymentsError>> {
        self.inner.refund_status(refund_id)
    }

    fn public_config(&self) -> providers::PublicConfig {
        self.inner.public_config()
    }

    fn describe(&self) -> String {
        self.inner.describe()
    }

    fn sandbox(&self) -> Option<&providers::SandboxPayments> {
        if self.gate.muted.load(Ordering::SeqCst) {
            return None;
        }
        self.inner.sandbox()
    }
}

/// Signs `email` in as `role` (of `brand` for a brand user), the role granted before the
/// sign-in and the per-client code limits moved out of the way: how every console test makes
/// its people.
pub async fn sign_in_as(
    app: &TestApp,
    email: &str,
    role: access::Role,
    brand: Option<&str>,
) -> Session {
    if role != access::Role::Shopper {
        api::admin::grant_role(&app.store(), email, role, brand, test_now()).expect("granted");
    }
    app.execute_sql("DELETE FROM rate_limits");
    app.sign_in(email).await
}
