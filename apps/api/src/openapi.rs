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
        routes::products::detail,
        routes::products::search,
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
    )),
    tags(
        (name = "products", description = "The catalogue"),
        (name = "media", description = "Generated product, logo and banner artwork"),
        (name = "health", description = "Liveness and readiness"),
    ),
)]
#[derive(Debug)]
pub struct ApiDoc;
