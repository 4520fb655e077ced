//! The whole URL table in one place.

pub mod addresses;
pub mod analytics;
pub mod bag;
pub mod brands;
pub mod categories;
pub mod chat;
pub mod curated;
pub mod feed;
pub mod frontend;
pub mod health;
pub mod media;
pub mod offers;
pub mod orders;
pub(crate) mod params;
pub mod payments;
pub mod places;
pub mod products;
pub mod static_images;
pub mod users;

use actix_web::{HttpRequest, HttpResponse, Route, guard, web};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::ApiError;

/// A resource answering `route` for its method and a JSON 405 for every other method.
fn resource(path: &str, route: Route) -> actix_web::Resource {
    resource_of(path, [route])
}

/// A resource answering each of `routes` (one per method) and a JSON 405 for any other method.
fn resource_of<const N: usize>(path: &str, routes: [Route; N]) -> actix_web::Resource {
    routes
        .into_iter()
        .fold(web::resource(path), |resource, route| resource.route(route))
        .default_service(web::to(|| async {
            Err::<HttpResponse, _>(ApiError::MethodNotAllowed)
        }))
}

/// GET, and HEAD with the same headers and no body (uptime monitors and `curl -I` use it).
fn get() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// Registers every route: health, the JSON API under `/api`, its documentation, and the
/// frontend at `/`.
pub fn configure(cfg: &mut web::ServiceConfig, frontend_dir: &std::path::Path) {
    cfg.service(resource("/healthz", get().to(health::healthz)))
        .service(resource("/readyz", get().to(health::readyz)))
        .service(
            SwaggerUi::new("/api/docs/{_:.*}")
                .url("/api/openapi.json", crate::openapi::ApiDoc::openapi()),
        )
        .service(
            web::scope("/api")
                .service(resource(
                    "/places/autocomplete",
                    get().to(places::autocomplete),
                ))
                .service(resource("/places/reverse", get().to(places::reverse)))
                .service(resource("/places/{placeId}", get().to(places::detail)))
                .service(resource("/products", get().to(products::list)))
                .service(resource("/products/gender", get().to(products::by_gender)))
                .service(resource(
                    "/products/brand/{brandId}",
                    get().to(products::by_brand),
                ))
                .service(resource(
                    "/products/category",
                    get().to(products::by_category),
                ))
                .service(resource("/products/tag", get().to(products::by_tag)))
                .service(resource("/products/feed", get().to(feed::feed)))
                .service(resource("/products/feed/filters", get().to(feed::filters)))
                .service(resource(
                    "/analytics/track-swipe",
                    web::post().to(analytics::track_swipe),
                ))
                .service(resource(
                    "/analytics/swipes/last",
                    web::delete().to(analytics::undo_last),
                ))
                .service(resource(
                    "/analytics/trending-products",
                    get().to(analytics::trending_products),
                ))
                .service(resource_of(
                    "/cart",
                    [get().to(bag::get), web::delete().to(bag::clear)],
                ))
                .service(resource(
                    "/cart/delete",
                    web::delete().to(bag::clear_by_phone),
                ))
                .service(resource("/cart/items", web::post().to(bag::add)))
                .service(resource(
                    "/cart/switch-brand",
                    web::post().to(bag::switch_brand),
                ))
                .service(resource_of(
                    "/cart/items/{productId}/{size}",
                    [
                        web::put().to(bag::set_quantity),
                        web::delete().to(bag::remove),
                    ],
                ))
                .service(resource(
                    "/offers/coupon/{code}/validate-cart",
                    web::post().to(offers::validate_cart),
                ))
                .service(resource("/offers/mine", get().to(offers::mine)))
                .service(resource("/checkout/quote", web::post().to(payments::quote)))
                .service(resource(
                    "/payments/test-config",
                    get().to(payments::test_config),
                ))
                .service(resource(
                    "/payments/create-order",
                    web::post().to(payments::create_order),
                ))
                .service(resource(
                    "/payments/verify",
                    web::post().to(payments::verify),
                ))
                .service(resource(
                    "/payments/webhook",
                    web::post().to(payments::webhook),
                ))
                .service(resource(
                    "/payments/sandbox/pay",
                    web::post().to(payments::sandbox_pay),
                ))
                .service(resource("/orders/create", web::post().to(orders::create)))
                .service(resource("/orders/user/{userId}", get().to(orders::of_user)))
                .service(resource(
                    "/orders/express-delivery",
                    web::post().to(orders::express),
                ))
                .service(resource(
                    "/cancel-requests/create",
                    web::post().to(orders::request_cancellation),
                ))
                .service(resource("/brand/orders", get().to(orders::brand_orders)))
                .service(resource(
                    "/brand/orders/{orderId}/delivery",
                    web::post().to(orders::move_delivery),
                ))
                .service(resource(
                    "/brand/orders/{orderId}/cancellation",
                    web::post().to(orders::review_cancellation),
                ))
                .service(resource_of(
                    "/curated-list",
                    [get().to(curated::list), web::post().to(curated::add)],
                ))
                .service(resource_of(
                    "/curated-list/{productId}",
                    [
                        web::delete().to(curated::remove),
                        web::put().to(curated::set),
                    ],
                ))
                .service(resource("/products/id/{id}", get().to(products::detail)))
                .service(resource(
                    "/products/search",
                    web::post().to(products::search),
                ))
                .service(resource(
                    "/products/suggestions",
                    get().to(products::suggestions),
                ))
                .service(resource(
                    "/products/popular-searches",
                    get().to(products::popular_searches),
                ))
                .service(resource(
                    "/users/generate-otp",
                    web::post().to(users::generate_otp),
                ))
                .service(resource(
                    "/users/verify-otp",
                    web::post().to(users::verify_otp),
                ))
                .service(resource("/users/logout", web::post().to(users::logout)))
                .service(resource_of(
                    "/users/me",
                    [get().to(users::me), web::delete().to(users::delete_me)],
                ))
                .service(resource_of(
                    "/users/me/email",
                    [
                        web::post().to(users::start_email_change),
                        web::delete().to(users::cancel_email_change),
                    ],
                ))
                .service(resource(
                    "/users/me/email/verify",
                    web::post().to(users::confirm_email_change),
                ))
                .service(resource(
                    "/users/me/email/resend",
                    web::post().to(users::resend_email_code),
                ))
                .service(resource("/users/by-email", get().to(users::by_email)))
                .service(resource(
                    "/users/delete-by-phone",
                    web::delete().to(users::delete_by_phone),
                ))
                .service(resource_of(
                    "/users",
                    [get().to(users::find), web::post().to(users::register)],
                ))
                .service(resource("/users/{userId}", web::put().to(users::update)))
                .service(resource_of(
                    "/users/{userId}/shipment",
                    [get().to(addresses::list), web::post().to(addresses::add)],
                ))
                .service(resource_of(
                    "/users/{userId}/shipment/{addressId}",
                    [
                        web::patch().to(addresses::set_default),
                        web::delete().to(addresses::remove),
                    ],
                ))
                .service(resource("/chat", web::post().to(chat::ask)))
                .service(resource("/brands", get().to(brands::list)))
                .service(resource("/brands/{id}", get().to(brands::detail)))
                .service(resource(
                    "/categories/gender/{gender}",
                    get().to(categories::by_gender),
                ))
                .service(resource("/categories/admin/all", get().to(categories::all)))
                .service(resource(
                    "/admin/static-images",
                    get().to(static_images::list),
                ))
                .service(resource(
                    "/admin/static-images/category/{category}",
                    get().to(static_images::by_category),
                ))
                .service(resource(
                    "/admin/static-images/{id}",
                    get().to(static_images::detail),
                ))
                .service(resource("/media/{path:.*}", get().to(media::image)))
                .default_service(web::to(unknown_api_route)),
        )
        .service(frontend::service(frontend_dir));
}

async fn unknown_api_route(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound(format!(
        "No API route for {} {}",
        req.method(),
        req.path()
    )))
}
