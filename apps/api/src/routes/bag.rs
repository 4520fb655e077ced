//! The bag (001 §2 Bag, §3 Cart, §4 Bag): the signed-in shopper's own bag only; the user comes
//! from the session. Every change is decided by the `bag` crate inside one store transaction
//! that holds the bag's lock, and every call answers the whole bag.

use std::sync::Arc;

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::catalogue::Snapshot;
use crate::error::{ApiError, Named};
use crate::state::AppState;
use crate::wire::{self, Decimal};
use bag::{Bag, BagError, Line};

/// `{productId, size, quantity}`; `quantity` defaults to 1.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
    #[schema(value_type = String, pattern = "\\S")]
    pub size: Option<String>,
    /// A whole number from 1 to 99.
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 99)]
    pub quantity: Option<Value>,
}

/// `{quantity}`: a whole number from 0 to 99; 0 takes the line out.
#[derive(Debug, Deserialize, ToSchema)]
pub struct QuantityRequest {
    #[schema(value_type = u32, minimum = 0, maximum = 99)]
    pub quantity: Option<Value>,
}

/// A line's product, populated.
#[derive(Debug, Serialize, ToSchema)]
pub struct ItemProduct {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub brand: wire::BrandRef,
    pub images: Vec<String>,
    /// The plain price of one item.
    pub price: Decimal,
    #[serde(rename = "offerPercentage")]
    pub offer_percentage: i32,
    pub sizes: Vec<String>,
}

/// One line of the bag.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    pub product: ItemProduct,
    pub size: String,
    pub quantity: u32,
    /// The price of one item when the line was first added.
    pub price_at_add: Decimal,
    /// Today's price of one item: the offer price when there is an offer.
    pub unit_price: Decimal,
    /// `unitPrice` × `quantity`.
    pub line_total: Decimal,
    /// Today's price differs from `priceAtAdd`.
    pub price_changed: bool,
    /// How many of this size are left.
    pub in_stock: u32,
}

/// The bag (001 §3 Cart).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    pub items: Vec<Item>,
    /// The sum of the line totals at today's prices.
    pub total_amount: Decimal,
    /// The sum of the quantities.
    pub total_items: u32,
    /// The bag's brand; null when it is empty.
    pub brand: Option<Named>,
    /// Some line's price changed since it was added.
    pub price_changed: bool,
}

/// The bag's rules' view of a product the catalogue shows, with its stock; the checkout and
/// the coupon check price from it too.
pub(crate) fn product(snapshot: &Snapshot, id: &str) -> Option<bag::Product> {
    crate::services::lookup::product(snapshot, id)
}

fn cart(snapshot: &Snapshot, media_origin: &str, lines: Vec<Line>) -> Result<Cart, ApiError> {
    let bag = Bag::resolve(lines, |id| product(snapshot, id));
    let view = bag
        .view()
        .map_err(|e| ApiError::Internal(format!("bag totals: {e}")))?;
    let items = view
        .items
        .iter()
        .filter_map(|item| {
            let record = &snapshot.entries()[snapshot.product(&item.line.product_id)?].record;
            Some(Item {
                product: ItemProduct {
                    id: record.id.clone(),
                    name: record.name.clone(),
                    brand: wire::BrandRef {
                        id: record.brand.id.clone(),
                        name: record.brand.name.clone(),
                        logo_url: record
                            .brand
                            .logo_url
                            .clone()
                            .map(|url| wire::absolute_url(media_origin, url)),
                    },
                    images: record
                        .images
                        .iter()
                        .map(|url| wire::absolute_url(media_origin, url.clone()))
                        .collect(),
                    price: Decimal::from_paise(record.price_paise),
                    offer_percentage: record.offer_percentage,
                    sizes: record.stock.iter().map(|(size, _)| size.clone()).collect(),
                },
                size: item.line.size.clone(),
                quantity: item.line.quantity,
                price_at_add: item.line.price_at_add.into(),
                unit_price: item.product.unit_price.into(),
                line_total: item.line_total.into(),
                price_changed: item.price_changed,
                in_stock: item.in_stock,
            })
        })
        .collect();
    Ok(Cart {
        items,
        total_amount: view.total_amount.into(),
        total_items: view.total_items,
        brand: view.brand.map(named),
        price_changed: view.price_changed,
    })
}

fn named(brand: &bag::Brand) -> Named {
    Named {
        id: brand.id.clone(),
        name: brand.name.clone(),
    }
}

impl From<BagError> for ApiError {
    fn from(e: BagError) -> Self {
        let message = e.to_string();
        match e {
            BagError::BrandConflict { current, new } => ApiError::BrandConflict {
                message,
                current: named(&current),
                new: named(&new),
            },
            BagError::UnknownSize { .. } => ApiError::bad_request("INVALID_SIZE", message),
            BagError::InvalidQuantity { .. } => ApiError::bad_request("INVALID_QUANTITY", message),
            BagError::NotEnoughStock { available, .. } => ApiError::Unprocessable {
                code: "NOT_ENOUGH_STOCK",
                message,
                available: Some(available),
            },
            BagError::LineLimit => ApiError::Unprocessable {
                code: "QUANTITY_LIMIT",
                message,
                available: None,
            },
            BagError::NotInBag => ApiError::NotFound(message),
        }
    }
}

/// A quantity as sent: a whole number from `min` to 99, or the rule's message. A missing
/// quantity is `default`. The coupon check and the checkout read Buy Now's quantity with it too.
pub(crate) fn quantity(
    value: Option<&Value>,
    min: u32,
    default: Option<u32>,
) -> Result<u32, ApiError> {
    crate::services::input::quantity(value, min, default).map_err(ApiError::from)
}

/// What an add asks for, checked before the bag is touched.
struct Wanted {
    product: bag::Product,
    size: String,
    quantity: u32,
}

fn wanted(snapshot: &Snapshot, body: &AddRequest) -> Result<Wanted, ApiError> {
    let product_id = body
        .product_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::bad_request("INVALID_PRODUCT_ID", "productId is required"))?;
    let size = body
        .size
        .as_deref()
        .map(str::trim)
        .filter(|size| !size.is_empty())
        .ok_or_else(|| ApiError::bad_request("INVALID_SIZE", "size is required"))?
        .to_owned();
    let quantity = quantity(body.quantity.as_ref(), 1, Some(1))?;
    let product = product(snapshot, product_id)
        .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
    Ok(Wanted {
        product,
        size,
        quantity,
    })
}

/// Runs `change` on the caller's bag in one transaction and answers the bag it leaves.
async fn change(
    state: &AppState,
    caller: &Caller,
    change: impl FnOnce(&mut Bag) -> Result<(), BagError> + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalogue.snapshot();
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let now = state.clock.now();
    let deciding = Arc::clone(&snapshot);
    let lines = web::block(move || {
        store.change_bag(&user, now, |lines| {
            let mut bag = Bag::resolve(lines, |id| product(&deciding, id));
            change(&mut bag)?;
            Ok::<_, BagError>(bag.lines().cloned().collect())
        })
    })
    .await???;
    Ok(HttpResponse::Ok().json(cart(&snapshot, state.catalogue.media_origin(), lines)?))
}

/// The caller's bag.
#[utoipa::path(
    get,
    path = "/api/cart",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn get(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let lines = web::block(move || store.bag_lines(&user)).await??;
    let snapshot = state.catalogue.snapshot();
    Ok(HttpResponse::Ok().json(cart(&snapshot, state.catalogue.media_origin(), lines)?))
}

/// Adds a quantity of a product in a size to the caller's bag.
#[utoipa::path(
    post,
    path = "/api/cart/items",
    operation_id = "add_to_bag",
    tag = "bag",
    request_body = AddRequest,
    responses(
        (status = 200, body = Cart, description = "The bag, with the quantity added to the line of that product and size"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PRODUCT_ID, INVALID_SIZE or INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
        (status = 409, body = crate::error::ErrorBody, description = "BRAND_CONFLICT: the bag holds another brand (currentBrand, newBrand)"),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available) or QUANTITY_LIMIT"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn add(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<AddRequest>,
) -> Result<HttpResponse, ApiError> {
    let Wanted {
        product,
        size,
        quantity,
    } = wanted(&state.catalogue.snapshot(), &body)?;
    change(&state, &caller, move |bag| {
        bag.add(product, &size, quantity)
    })
    .await
}

/// Empties the caller's bag and adds, in one transaction: the brand-conflict dialog's 'Switch
/// to {brand}'. When the add is refused, the bag keeps what it held.
#[utoipa::path(
    post,
    path = "/api/cart/switch-brand",
    tag = "bag",
    request_body = AddRequest,
    responses(
        (status = 200, body = Cart, description = "The bag, holding only the product added"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PRODUCT_ID, INVALID_SIZE or INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn switch_brand(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<AddRequest>,
) -> Result<HttpResponse, ApiError> {
    let Wanted {
        product,
        size,
        quantity,
    } = wanted(&state.catalogue.snapshot(), &body)?;
    change(&state, &caller, move |bag| {
        bag.switch_brand(product, &size, quantity)
    })
    .await
}

/// Sets the quantity of a line of the caller's bag; 0 takes it out.
#[utoipa::path(
    put,
    path = "/api/cart/items/{productId}/{size}",
    tag = "bag",
    params(
        ("productId" = String, Path, description = "The line's product"),
        ("size" = String, Path, description = "The line's size"),
    ),
    request_body = QuantityRequest,
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "That item is not in your bag."),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn set_quantity(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    body: web::Json<QuantityRequest>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, size) = path.into_inner();
    let quantity = quantity(body.quantity.as_ref(), 0, None)?;
    change(&state, &caller, move |bag| {
        bag.set_quantity(&product_id, &size, quantity)
    })
    .await
}

/// Takes a line out of the caller's bag.
#[utoipa::path(
    delete,
    path = "/api/cart/items/{productId}/{size}",
    operation_id = "remove_from_bag",
    tag = "bag",
    params(
        ("productId" = String, Path, description = "The line's product"),
        ("size" = String, Path, description = "The line's size"),
    ),
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "That item is not in your bag."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, size) = path.into_inner();
    change(&state, &caller, move |bag| bag.remove(&product_id, &size)).await
}

/// Empties the caller's bag.
#[utoipa::path(
    delete,
    path = "/api/cart",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The empty bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn clear(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    change(&state, &caller, |bag| {
        bag.clear();
        Ok(())
    })
    .await
}

/// The requirements' `DELETE /cart/delete`: empties the caller's bag. Its `{phone}` body is
/// not read: whose bag it is comes from the session, never from the request.
#[utoipa::path(
    delete,
    path = "/api/cart/delete",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The empty bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn clear_by_phone(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    clear(state, caller).await
}
