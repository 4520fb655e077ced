//! The OpenAPI document, generated from the handlers' annotations and served at
//! `/api/openapi.json` (browsable at `/api/docs/`).

use utoipa::OpenApi;

use crate::{error, routes, wire};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Shop API",
        description = "Mobile fashion shop for India: catalogue, bag, checkout and delivery. Money is `{\"$numberDecimal\": \"1299.00\"}` (rupees, two decimals); errors are `{\"error\", \"code\"}`.",
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
        routes::static_images::list,
        routes::static_images::by_category,
        routes::static_images::detail,
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
        wire::BrandRef,
        wire::CategoryRef,
        wire::AssignedCoupon,
        wire::CouponValue,
        wire::Specifications,
        routes::products::SearchRequest,
        wire::Brand,
        wire::Category,
        wire::StaticImage,
        wire::StaticImages,
        wire::OneStaticImage,
        wire::User,
        routes::users::GenerateOtpRequest,
        routes::users::VerifyOtpRequest,
        routes::users::Success,
        routes::users::SignedIn,
        routes::users::RegisterRequest,
        routes::users::ProfileUpdate,
        routes::users::DeleteByPhoneRequest,
        routes::chat::ChatRequest,
        routes::chat::ChatReply,
        routes::feed::FeedFacts,
        routes::feed::FeedReason,
        routes::feed::FeedFilters,
        routes::analytics::SwipeRequest,
        routes::analytics::Swipe,
        routes::analytics::SwipeAnswer,
        routes::analytics::Undone,
        routes::analytics::UndoAnswer,
        routes::analytics::TrendingAnswer,
        routes::places::AutocompleteAnswer,
        routes::places::Predictions,
        routes::places::Prediction,
        routes::places::PlaceAnswer,
        routes::places::ParsedPlace,
        routes::places::Location,
        routes::analytics::TrendingData,
        routes::analytics::TrendingEntry,
        routes::analytics::TrendingProductRef,
        routes::analytics::TrendingBrand,
        routes::bag::AddRequest,
        routes::bag::QuantityRequest,
        routes::bag::Cart,
        routes::bag::Item,
        routes::bag::ItemProduct,
        routes::offers::ValidateRequest,
        routes::offers::DirectItem,
        routes::offers::DirectProduct,
        routes::offers::Offer,
        routes::offers::OfferData,
        routes::offers::Applied,
        crate::error::Named,
        routes::curated::AddRequest,
        routes::curated::Entry,
        routes::curated::EntryBrand,
        routes::curated::Removed,
        routes::curated::SetRequest,
        routes::curated::Membership,
        routes::curated::SetAnswer,
        routes::addresses::ShipmentRequest,
        routes::addresses::DefaultRequest,
        routes::addresses::Address,
        routes::addresses::DeliveryFacts,
    )),
    modifiers(&SessionSchemes),
    tags(
        (name = "products", description = "Products: lists, detail, search and suggestions"),
        (name = "brands", description = "Active brands"),
        (name = "categories", description = "The category tree"),
        (name = "static-images", description = "The image library: hero, trends and brand banners (read-only)"),
        (name = "media", description = "Generated product, logo and banner artwork"),
        (name = "health", description = "Liveness and readiness"),
        (name = "users", description = "Sign-in by e-mailed code, sessions and the caller's own account"),
        (name = "chat", description = "The support assistant"),
        (name = "analytics", description = "Swipes, their undo, and the community's trending ranking"),
        (name = "bag", description = "The signed-in shopper's one-brand bag"),
        (name = "offers", description = "Coupons: checking one against the bag or a direct buy, and My Offers"),
        (name = "curated list", description = "The signed-in shopper's wishlist"),
        (name = "addresses", description = "The signed-in shopper's saved delivery addresses (shipments)"),
        (name = "places", description = "Address search, from the embedded India directory or Google Places: suggestions, a place's parts, the nearest pincode"),
    ),
)]
#[derive(Debug)]
pub struct ApiDoc;

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
