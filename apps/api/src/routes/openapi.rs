//! The OpenAPI document, generated from the handlers' annotations and served at
//! `/api/openapi.json` (browsable at `/api/docs/`).

use utoipa::OpenApi;

use crate::{error, routes, wire};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Shop API",
        description = "Mobile fashion shop for India: catalogue, bag, checkout and delivery. Money is `{\"$numberDecimal\": \"1299.00\"}` (rupees, two decimals); errors are `{\"error\", \"code\"}`. Any call may also answer 408 `REQUEST_TIMEOUT` (a request body that stalled: 5 s between reads, 20 s in all), 414 `URI_TOO_LONG` (over 8 KiB), 431 `HEADERS_TOO_LARGE` (over 32 KiB), 400 `INVALID_BODY_ENCODING` (a body its Content-Encoding does not decode) and 429 `RATE_LIMITED` (too many connections from one address); 405 answers list the allowed methods in `Allow`.",
    ),
    paths(
        routes::health::healthz,
        routes::health::readyz,
        routes::products::list,
        routes::products::by_gender,
        routes::products::by_brand,
        routes::products::by_category,
        routes::products::by_tag,
        routes::products::detail,
        routes::products::search,
        routes::products::suggestions,
        routes::products::popular_searches,
        routes::brands::list,
        routes::brands::detail,
        routes::categories::by_gender,
        routes::categories::all,
        routes::media::image,
        routes::users::generate_otp,
        routes::users::verify_otp,
        routes::users::logout,
        routes::users::me,
        routes::users::by_email,
        routes::users::find,
        routes::users::register,
        routes::users::update,
        routes::users::delete_me,
        routes::users::start_email_change,
        routes::users::resend_email_code,
        routes::users::confirm_email_change,
        routes::users::cancel_email_change,
        routes::users::delete_by_phone,
        routes::chat::ask,
        routes::feed::feed,
        routes::feed::filters,
        routes::analytics::track_swipe,
        routes::analytics::undo_last,
        routes::analytics::trending_products,
        routes::places::autocomplete,
        routes::places::detail,
        routes::places::reverse,
        routes::bag::get,
        routes::bag::add,
        routes::bag::switch_brand,
        routes::bag::set_quantity,
        routes::bag::remove,
        routes::bag::clear,
        routes::bag::clear_by_phone,
        routes::offers::validate_cart,
        routes::offers::mine,
        routes::payments::quote,
        routes::payments::test_config,
        routes::payments::create_order,
        routes::payments::verify,
        routes::payments::webhook,
        routes::payments::sandbox_pay,
        routes::orders::create,
        routes::orders::of_user,
        routes::orders::express,
        routes::orders::request_cancellation,
        routes::orders::brand_orders,
        routes::orders::move_delivery,
        routes::orders::review_cancellation,
        routes::curated::list,
        routes::curated::add,
        routes::curated::remove,
        routes::curated::set,
        routes::addresses::list,
        routes::addresses::add,
        routes::addresses::set_default,
        routes::addresses::remove,
    ),
    components(schemas(
        error::ErrorBody,
        wire::Decimal,
        wire::Product,
        wire::ProductVariant,
        wire::VariantSize,
        wire::BrandRef,
        wire::ProductSummary,
        wire::CategoryRef,
        wire::AssignedCoupon,
        wire::CouponValue,
        wire::Specifications,
        routes::products::SearchRequest,
        wire::Brand,
        wire::Category,
        wire::User,
        routes::users::GenerateOtpRequest,
        routes::users::VerifyOtpRequest,
        routes::users::Success,
        routes::users::SignedIn,
        routes::users::RegisterRequest,
        routes::users::ProfileUpdate,
        routes::users::DeleteByPhoneRequest,
        routes::users::EmailChangeRequest,
        routes::users::EmailCodeRequest,
        routes::users::EmailChanged,
        crate::services::chat::ChatRequest,
        crate::services::chat::ChatReply,
        crate::services::swipes::wire::FeedFacts,
        crate::services::swipes::wire::FeedReason,
        crate::services::swipes::wire::FeedFilters,
        crate::services::swipes::wire::SwipeRequest,
        crate::services::swipes::wire::Swipe,
        crate::services::swipes::wire::SwipeAnswer,
        crate::services::swipes::wire::Undone,
        crate::services::swipes::wire::UndoAnswer,
        crate::services::trending::TrendingAnswer,
        routes::places::AutocompleteAnswer,
        routes::places::Predictions,
        routes::places::Prediction,
        routes::places::PlaceAnswer,
        routes::places::ParsedPlace,
        routes::places::Location,
        crate::services::trending::TrendingData,
        crate::services::trending::TrendingEntry,
        crate::services::trending::TrendingProductRef,
        crate::services::trending::TrendingBrand,
        crate::services::bag::wire::AddRequest,
        crate::services::bag::wire::QuantityRequest,
        crate::services::bag::wire::Cart,
        crate::services::bag::wire::Item,
        crate::services::bag::wire::ItemProduct,
        crate::services::checkout::input::ValidateRequest,
        crate::services::checkout::input::DirectItem,
        crate::services::checkout::input::DirectProduct,
        crate::services::checkout::Offer,
        routes::offers::OfferData,
        routes::offers::Applied,
        crate::services::checkout::input::QuoteRequest,
        crate::services::checkout::Quote,
        crate::services::checkout::QuoteLine,
        crate::services::checkout::QuoteProduct,
        crate::services::checkout::wire::Order,
        crate::services::checkout::wire::OrderLine,
        crate::services::checkout::wire::LineProduct,
        crate::services::checkout::wire::BrandOrder,
        crate::services::checkout::wire::CancelRequest,
        routes::payments::TestConfig,
        crate::services::checkout::input::CreateOrderRequest,
        routes::payments::ProviderOrder,
        routes::payments::CreatedOrder,
        crate::services::checkout::input::VerifyRequest,
        routes::payments::Verified,
        routes::payments::Acknowledged,
        crate::services::checkout::input::SandboxPayRequest,
        routes::payments::SandboxPaid,
        routes::orders::CreateRequest,
        routes::orders::OrderAnswer,
        routes::orders::OrdersAnswer,
        routes::orders::ExpressRequest,
        routes::orders::ExpressAnswer,
        routes::orders::CancelRequestBody,
        routes::orders::BrandOrders,
        routes::orders::DeliveryMove,
        routes::orders::BrandOrderAnswer,
        routes::orders::Review,
        crate::error::Named,
        crate::services::bag::wire::CuratedAddRequest,
        crate::services::bag::wire::Entry,
        crate::services::bag::wire::EntryBrand,
        crate::services::bag::wire::Removed,
        crate::services::bag::wire::SetRequest,
        crate::services::bag::wire::Membership,
        crate::services::bag::wire::SetAnswer,
        routes::addresses::ShipmentRequest,
        routes::addresses::DefaultRequest,
        routes::addresses::Address,
        routes::addresses::DeliveryFacts,
    )),
    tags(
        (name = "products", description = "Products: lists, detail, search and suggestions"),
        (name = "brands", description = "Active brands"),
        (name = "categories", description = "The category tree"),
        (name = "media", description = "Generated product, logo and banner artwork"),
        (name = "health", description = "Liveness and readiness"),
        (name = "users", description = "Sign-in by e-mailed code, sessions and the caller's own account"),
        (name = "chat", description = "The support assistant"),
        (name = "analytics", description = "Swipes, their undo, and the community's trending ranking"),
        (name = "bag", description = "The signed-in shopper's one-brand bag"),
        (name = "offers", description = "Coupons: checking one against the bag or a direct buy, and My Offers"),
        (name = "curated list", description = "The signed-in shopper's wishlist"),
        (name = "addresses", description = "The signed-in shopper's saved delivery addresses (shipments)"),
        (name = "checkout", description = "The server's pricing of a checkout: lines, coupon, delivery speed and fee, total"),
        (name = "payments", description = "Card payments: opening the payment, verifying it, the payment service's webhooks, and the embedded sandbox's test sheet"),
        (name = "orders", description = "The signed-in shopper's orders: placing, listing, express booking and cancellation requests"),
        (name = "brand console", description = "A brand's team (or an admin): the brand's orders, delivery moves and cancellation reviews"),
        (name = "places", description = "Address search, from the embedded India directory or Google Places: suggestions, a place's parts, the nearest pincode"),
    ),
)]
#[derive(Debug)]
pub struct ApiDoc;

/// The whole document: the shop's calls ([`ApiDoc`]) and the consoles' families, each of which
/// documents its own calls, with the answers every call shares added to all of them. A family's
/// operation ids (its handlers' names: `list`, `create`...) get the family's prefix
/// (`brand_coupons_create`), so they stay unique in the whole document.
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::Modify;
    let mut doc = ApiDoc::openapi();
    for (prefix, mut part) in routes::console::documents()
        .into_iter()
        .chain(routes::admin::documents())
        .chain([
            ("images", routes::images::Doc::openapi()),
            ("applications", routes::applications::Doc::openapi()),
        ])
    {
        for item in part.paths.paths.values_mut() {
            let operations = [
                item.get.as_mut(),
                item.post.as_mut(),
                item.put.as_mut(),
                item.patch.as_mut(),
                item.delete.as_mut(),
            ];
            for operation in operations.into_iter().flatten() {
                if let Some(id) = operation.operation_id.as_mut() {
                    *id = format!("{prefix}_{id}");
                }
            }
        }
        doc.merge(part);
    }
    for modifier in [
        &SessionSchemes as &dyn Modify,
        &HttpLayerAnswers,
        &Links,
        &OnlyValues,
    ] {
        modifier.modify(&mut doc);
    }
    doc
}

/// The two ways to present a session (docs/http-api.md): the browser's cookie and a Bearer
/// token. Calls that need one list both under `security`.
#[derive(Debug)]
struct SessionSchemes;

impl utoipa::Modify for SessionSchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme,
        };
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                crate::auth::SESSION_COOKIE,
            ))),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// The answers that the layers before a handler give, documented on every operation where they
/// can occur, so that no operation's list of answers misses them: 401 where a session is
/// required, 403 `CROSS_SITE_REFUSED` on every unsafe method (docs/http-api.md, "Cross-site
/// requests"), 503 where the database is needed (a session or a write), 400 `INVALID_QUERY`
/// where a query is read, 414 where a parameter can make the address long, and 400 `INVALID_JSON` / `INVALID_BODY`, 408, 413 and 415 where a
/// JSON body is read.
#[derive(Debug)]
struct HttpLayerAnswers;

/// The 503 of every call that needs the database (docs/http-api.md, "Conventions").
const DATABASE_DOWN: &str = "`SERVICE_UNAVAILABLE`: the database does not answer in time; \
                             `STORAGE_UNAVAILABLE`: its disk is full or read-only";

impl utoipa::Modify for HttpLayerAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let unsafe_methods = [
                item.post.as_mut(),
                item.put.as_mut(),
                item.patch.as_mut(),
                item.delete.as_mut(),
            ];
            for operation in unsafe_methods.into_iter().flatten() {
                answer(
                    operation,
                    "403",
                    "`CROSS_SITE_REFUSED`: an unsafe request from another site, or one carrying \
                     the session cookie that does not come from the shop's own pages",
                );
                answer(operation, "503", DATABASE_DOWN);
            }
            let every = [
                item.get.as_mut(),
                item.post.as_mut(),
                item.put.as_mut(),
                item.patch.as_mut(),
                item.delete.as_mut(),
            ];
            for operation in every.into_iter().flatten() {
                if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                    answer(
                        operation,
                        "401",
                        "`UNAUTHENTICATED`: no session, or one that is expired or revoked",
                    );
                    // A session is checked against its user's row.
                    answer(operation, "503", DATABASE_DOWN);
                }
                let reads_query = operation.parameters.iter().flatten().any(|p| {
                    matches!(p, utoipa::openapi::RefOr::T(p)
                        if p.parameter_in == utoipa::openapi::path::ParameterIn::Query)
                });
                if reads_query {
                    answer(
                        operation,
                        "400",
                        "`INVALID_QUERY`: a query string that is not valid URL encoding",
                    );
                }
                if operation.parameters.as_ref().is_some_and(|p| !p.is_empty()) {
                    answer(
                        operation,
                        "414",
                        "`URI_TOO_LONG`: a path and query over 8 KiB, refused before any \
                         parameter is read",
                    );
                }
                if operation.request_body.is_some() {
                    answer(
                        operation,
                        "400",
                        "`INVALID_JSON`: a body that is not JSON; `INVALID_BODY`: JSON of \
                         the wrong shape (a field of the wrong type)",
                    );
                    answer(
                        operation,
                        "413",
                        "`PAYLOAD_TOO_LARGE`: a body over the API's limit",
                    );
                    answer(
                        operation,
                        "415",
                        "`UNSUPPORTED_MEDIA_TYPE`: a body not sent as `application/json`",
                    );
                    answer(
                        operation,
                        "408",
                        "`REQUEST_TIMEOUT`: the body stalled (more than 5 s between two reads, or \
                         20 s in all); the connection is closed",
                    );
                }
            }
        }
    }
}

/// Adds `status` with `description` to `operation`'s answers, or the description to the one
/// the handler documents already.
fn answer(operation: &mut utoipa::openapi::path::Operation, status: &str, description: &str) {
    use utoipa::openapi::{Ref, RefOr, ResponseBuilder};
    match operation.responses.responses.get_mut(status) {
        Some(RefOr::T(response)) => {
            if !response.description.contains(description) {
                response.description = format!("{}; {description}", response.description);
            }
        }
        Some(RefOr::Ref(_)) => {}
        None => {
            let response = ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    utoipa::openapi::ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build();
            operation
                .responses
                .responses
                .insert(status.to_owned(), RefOr::T(response));
        }
    }
}

/// OpenAPI links from an answer to the calls that use what it holds, so that a client (and the
/// fuzzer's stateful phase) can follow a new address to its default and removal, a bag line to
/// its quantity and removal, a listed product or brand to its detail, and so on.
#[derive(Debug)]
struct Links;

/// (path, method, status, link name, target operationId, [(target parameter, value)]).
type LinkRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const LINKS: &[LinkRow] = &[
    (
        "/api/users/me",
        "get",
        "200",
        "Addresses",
        "list_addresses",
        &[("userId", "$response.body#/_id")],
    ),
    (
        "/api/users/me",
        "get",
        "200",
        "AddAddress",
        "add_address",
        &[("userId", "$response.body#/_id")],
    ),
    (
        "/api/users/me",
        "get",
        "200",
        "Orders",
        "of_user",
        &[("userId", "$response.body#/_id")],
    ),
    (
        "/api/users/me",
        "get",
        "200",
        "UpdateProfile",
        "update",
        &[("userId", "$response.body#/_id")],
    ),
    (
        "/api/users/{userId}/shipment",
        "post",
        "201",
        "SetDefault",
        "set_default",
        &[
            ("userId", "$request.path.userId"),
            ("addressId", "$response.body#/_id"),
        ],
    ),
    (
        "/api/users/{userId}/shipment",
        "post",
        "201",
        "Remove",
        "remove_address",
        &[
            ("userId", "$request.path.userId"),
            ("addressId", "$response.body#/_id"),
        ],
    ),
    (
        "/api/cart/items",
        "post",
        "200",
        "SetQuantity",
        "set_quantity",
        &[
            ("productId", "$request.body#/productId"),
            ("size", "$request.body#/size"),
        ],
    ),
    (
        "/api/cart/items",
        "post",
        "200",
        "Remove",
        "remove_from_bag",
        &[
            ("productId", "$request.body#/productId"),
            ("size", "$request.body#/size"),
        ],
    ),
    (
        "/api/curated-list",
        "post",
        "201",
        "Set",
        "set",
        &[("productId", "$request.body#/productId")],
    ),
    (
        "/api/curated-list",
        "post",
        "201",
        "Remove",
        "remove_from_curated_list",
        &[("productId", "$request.body#/productId")],
    ),
    (
        "/api/products",
        "get",
        "200",
        "Detail",
        "product_detail",
        &[("id", "$response.body#/0/_id")],
    ),
    (
        "/api/products",
        "get",
        "200",
        "Brand",
        "brand_detail",
        &[("id", "$response.body#/0/brand/_id")],
    ),
    (
        "/api/brands",
        "get",
        "200",
        "Detail",
        "brand_detail",
        &[("id", "$response.body#/0/_id")],
    ),
    (
        "/api/brands",
        "get",
        "200",
        "Products",
        "by_brand",
        &[("brandId", "$response.body#/0/_id")],
    ),
    (
        "/api/places/autocomplete",
        "get",
        "200",
        "Place",
        "place_detail",
        &[("placeId", "$response.body#/data/predictions/0/placeId")],
    ),
];

impl utoipa::Modify for Links {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::RefOr;
        use utoipa::openapi::link::LinkBuilder;
        for (path, method, status, name, target, parameters) in LINKS {
            let Some(item) = openapi.paths.paths.get_mut(*path) else {
                continue;
            };
            let operation = match *method {
                "get" => item.get.as_mut(),
                "post" => item.post.as_mut(),
                _ => None,
            };
            let Some(RefOr::T(response)) =
                operation.and_then(|o| o.responses.responses.get_mut(*status))
            else {
                continue;
            };
            let link = parameters
                .iter()
                .fold(LinkBuilder::new().operation_id(*target), |link, (p, v)| {
                    link.parameter(*p, *v)
                })
                .build();
            response.links.insert((*name).to_owned(), RefOr::T(link));
        }
    }
}

/// Fields that accept a single value, which the derive cannot state: `{isDefault: true}` makes an
/// address the default, and `false` is refused (another address is made the default instead).
#[derive(Debug)]
struct OnlyValues;

impl utoipa::Modify for OnlyValues {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::RefOr;
        use utoipa::openapi::schema::{Object, Schema};
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        let Some(RefOr::T(Schema::Object(request))) = components.schemas.get_mut("DefaultRequest")
        else {
            return;
        };
        if let Some(RefOr::T(Schema::Object(field))) = request.properties.get_mut("isDefault") {
            let only_true: &mut Object = field;
            only_true.enum_values = Some(vec![serde_json::Value::Bool(true)]);
        }
    }
}
