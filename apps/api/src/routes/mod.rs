//! The whole URL table in one place.

pub mod addresses;
pub mod admin;
pub mod analytics;
pub mod applications;
pub mod bag;
pub mod brands;
pub mod categories;
pub mod chat;
pub mod console;
pub mod curated;
pub mod feed;
pub mod frontend;
pub mod health;
pub mod images;
pub mod media;
pub mod offers;
pub mod openapi;
pub mod orders;
pub(crate) mod params;
pub mod payments;
pub mod places;
pub mod products;
pub mod upload;
pub mod users;

use actix_web::http::{Method, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, Route, guard, web};
use utoipa_swagger_ui::SwaggerUi;

use crate::error::ApiError;
use crate::error::input::RequestError;

/// A route and the methods it answers (for the `Allow` header of the resource's 405s).
pub(crate) struct Verb {
    methods: &'static [Method],
    route: Route,
}

impl Verb {
    fn new(methods: &'static [Method]) -> Self {
        let guard = methods
            .iter()
            .skip(1)
            .fold(guard::Any(guard::Method(methods[0].clone())), |any, m| {
                any.or(guard::Method(m.clone()))
            });
        Self {
            methods,
            route: web::route().guard(guard),
        }
    }

    /// The handler of this route.
    pub(crate) fn to<F, Args>(self, handler: F) -> Self
    where
        F: actix_web::Handler<Args>,
        Args: actix_web::FromRequest + 'static,
        F::Output: actix_web::Responder + 'static,
    {
        Self {
            methods: self.methods,
            route: self.route.to(handler),
        }
    }
}

/// A resource answering `route` for its methods and a JSON 405 for every other method.
pub(crate) fn resource(path: &str, route: Verb) -> actix_web::Resource {
    resource_of(path, [route])
}

/// A resource answering each of `routes` and, for any other method, a JSON 405 whose `Allow`
/// header lists the methods it answers (RFC 9110 §15.5.6).
pub(crate) fn resource_of<const N: usize>(path: &str, routes: [Verb; N]) -> actix_web::Resource {
    let allow = routes
        .iter()
        .flat_map(|verb| verb.methods.iter().map(Method::as_str))
        .collect::<Vec<_>>()
        .join(", ");
    routes
        .into_iter()
        .fold(
            web::resource(path).app_data(crate::telemetry::metrics::RouteMeter::default()),
            |resource, verb| resource.route(verb.route),
        )
        .default_service(web::to(move || {
            let allow = allow.clone();
            async move {
                let mut answer = RequestError::MethodNotAllowed.error_response();
                if let Ok(value) = header::HeaderValue::from_str(&allow) {
                    answer.headers_mut().insert(header::ALLOW, value);
                }
                answer
            }
        }))
}

/// GET, and HEAD with the same headers and no body (uptime monitors and `curl -I` use it).
pub(crate) fn get() -> Verb {
    Verb::new(&[Method::GET, Method::HEAD])
}

pub(crate) fn post() -> Verb {
    Verb::new(&[Method::POST])
}

pub(crate) fn put() -> Verb {
    Verb::new(&[Method::PUT])
}

pub(crate) fn patch() -> Verb {
    Verb::new(&[Method::PATCH])
}

pub(crate) fn delete() -> Verb {
    Verb::new(&[Method::DELETE])
}

/// Registers every route: health, the JSON API under `/api`, its documentation, and the
/// frontend at `/`.
pub fn configure(cfg: &mut web::ServiceConfig, frontend_dir: &std::path::Path) {
    cfg.service(resource("/healthz", get().to(health::healthz)))
        .service(resource("/readyz", get().to(health::readyz)))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi::document()))
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
                    post().to(analytics::track_swipe),
                ))
                .service(resource(
                    "/analytics/swipes/last",
                    delete().to(analytics::undo_last),
                ))
                .service(resource(
                    "/analytics/trending-products",
                    get().to(analytics::trending_products),
                ))
                .service(resource_of(
                    "/cart",
                    [get().to(bag::get), delete().to(bag::clear)],
                ))
                .service(resource("/cart/delete", delete().to(bag::clear_by_phone)))
                .service(resource("/cart/items", post().to(bag::add)))
                .service(resource("/cart/switch-brand", post().to(bag::switch_brand)))
                .service(resource_of(
                    "/cart/items/{productId}/{size}",
                    [put().to(bag::set_quantity), delete().to(bag::remove)],
                ))
                .service(resource(
                    "/offers/coupon/{code}/validate-cart",
                    post().to(offers::validate_cart),
                ))
                .service(resource("/offers/mine", get().to(offers::mine)))
                .service(resource("/checkout/quote", post().to(payments::quote)))
                .service(resource(
                    "/payments/test-config",
                    get().to(payments::test_config),
                ))
                .service(resource(
                    "/payments/create-order",
                    post().to(payments::create_order),
                ))
                .service(resource("/payments/verify", post().to(payments::verify)))
                .service(resource("/payments/webhook", post().to(payments::webhook)))
                .service(resource(
                    "/payments/sandbox/pay",
                    post().to(payments::sandbox_pay),
                ))
                .service(resource("/orders/create", post().to(orders::create)))
                .service(resource("/orders/user/{userId}", get().to(orders::of_user)))
                .service(resource(
                    "/orders/express-delivery",
                    post().to(orders::express),
                ))
                .service(resource(
                    "/cancel-requests/create",
                    post().to(orders::request_cancellation),
                ))
                .service(resource("/brand/orders", get().to(orders::brand_orders)))
                .service(resource(
                    "/brand/orders/{orderId}/delivery",
                    post().to(orders::move_delivery),
                ))
                .service(resource(
                    "/brand/orders/{orderId}/cancellation",
                    post().to(orders::review_cancellation),
                ))
                .service(resource_of(
                    "/curated-list",
                    [get().to(curated::list), post().to(curated::add)],
                ))
                .service(resource_of(
                    "/curated-list/{productId}",
                    [delete().to(curated::remove), put().to(curated::set)],
                ))
                .service(resource("/products/id/{id}", get().to(products::detail)))
                .service(resource("/products/search", post().to(products::search)))
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
                    post().to(users::generate_otp),
                ))
                .service(resource("/users/verify-otp", post().to(users::verify_otp)))
                .service(resource("/users/logout", post().to(users::logout)))
                .service(resource_of(
                    "/users/me",
                    [get().to(users::me), delete().to(users::delete_me)],
                ))
                .service(resource_of(
                    "/users/me/email",
                    [
                        post().to(users::start_email_change),
                        delete().to(users::cancel_email_change),
                    ],
                ))
                .service(resource(
                    "/users/me/email/verify",
                    post().to(users::confirm_email_change),
                ))
                .service(resource(
                    "/users/me/email/resend",
                    post().to(users::resend_email_code),
                ))
                .service(resource("/users/by-email", get().to(users::by_email)))
                .service(resource(
                    "/users/delete-by-phone",
                    delete().to(users::delete_by_phone),
                ))
                .service(resource_of(
                    "/users",
                    [get().to(users::find), post().to(users::register)],
                ))
                .service(resource("/users/{userId}", put().to(users::update)))
                .service(resource_of(
                    "/users/{userId}/shipment",
                    [get().to(addresses::list), post().to(addresses::add)],
                ))
                .service(resource_of(
                    "/users/{userId}/shipment/{addressId}",
                    [
                        patch().to(addresses::set_default),
                        delete().to(addresses::remove),
                    ],
                ))
                .service(resource("/chat", post().to(chat::ask)))
                .service(resource("/brands", get().to(brands::list)))
                .service(resource("/brands/{id}", get().to(brands::detail)))
                .service(resource(
                    "/categories/gender/{gender}",
                    get().to(categories::by_gender),
                ))
                .service(resource("/categories/admin/all", get().to(categories::all)))
                .configure(console::routes)
                .configure(admin::routes)
                .configure(applications::routes)
                .configure(images::routes)
                .service(resource("/media/{path:.*}", get().to(media::image)))
                .default_service(web::to(unknown_api_route)),
        )
        .service(frontend::service(frontend_dir));
}

async fn unknown_api_route(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(RequestError::NoApiRoute {
        method: req.method().to_string(),
        path: req.path().to_owned(),
    }
    .into())
}
