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
    )),
    tags(
        (name = "products", description = "Products: lists, detail, search and suggestions"),
        (name = "brands", description = "Active brands"),
        (name = "categories", description = "The category tree"),
        (name = "static-images", description = "The image library: hero, trends and brand banners (read-only)"),
        (name = "media", description = "Generated product, logo and banner artwork"),
        (name = "health", description = "Liveness and readiness"),
    ),
)]
#[derive(Debug)]
pub struct ApiDoc;
