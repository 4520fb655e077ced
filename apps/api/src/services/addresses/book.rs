//! The signed-in shopper's own saved addresses. Another user's id in the path answers
//! `User not found`, exactly as a user that does not exist, and changes nothing.

use store::ids::{AddressId, UserId};
use validation::ShipmentInput;

use super::AddressesError;
use super::wire::{Address, DefaultRequest, ShipmentRequest};
use crate::auth::Caller;
use crate::state::AppState;

/// The path's user, checked to be the caller.
#[derive(Clone, Debug)]
pub struct Owner(UserId);

/// [`AddressesError::UserNotFound`] unless the path's user is the caller: another shopper's
/// addresses are answered as if that shopper did not exist.
pub fn owner(caller: &Caller, user_id: String) -> Result<Owner, AddressesError> {
    if user_id == caller.id() {
        Ok(Owner(UserId::new(user_id)))
    } else {
        Err(AddressesError::UserNotFound)
    }
}

/// An address the wizard's rules accepted, and whether it is to be the default.
#[derive(Clone, Debug)]
pub struct NewAddress {
    pub shipment: validation::Shipment,
    pub make_default: bool,
}

impl TryFrom<ShipmentRequest> for NewAddress {
    type Error = AddressesError;

    fn try_from(body: ShipmentRequest) -> Result<Self, AddressesError> {
        let make_default = body.is_default.unwrap_or(false);
        let shipment = validation::validate_shipment(&ShipmentInput {
            billing_customer_name: body.billing_customer_name.unwrap_or_default(),
            billing_phone: body.billing_phone.unwrap_or_default(),
            billing_email: body.billing_email.unwrap_or_default(),
            billing_address: body.billing_address.unwrap_or_default(),
            billing_address_2: body.billing_address_2.unwrap_or_default(),
            billing_city: body.billing_city.unwrap_or_default(),
            billing_pincode: body.billing_pincode.unwrap_or_default(),
            billing_state: body.billing_state.unwrap_or_default(),
            billing_country: body.billing_country,
        })
        .map_err(AddressesError::Invalid)?;
        Ok(Self {
            shipment,
            make_default,
        })
    }
}

/// `isDefault: true`, the only change of the default flag there is.
#[derive(Clone, Copy, Debug)]
pub struct MakeDefault;

impl TryFrom<&DefaultRequest> for MakeDefault {
    type Error = AddressesError;

    /// One address is always the default, so none can be made "not the default" on its own.
    fn try_from(body: &DefaultRequest) -> Result<Self, AddressesError> {
        match body
            .is_default
            .as_ref()
            .and_then(serde_json::Value::as_bool)
        {
            Some(true) => Ok(Self),
            _ => Err(AddressesError::NotDefault),
        }
    }
}

/// The owner's addresses: the default first, then the newest first.
pub async fn list(state: &AppState, Owner(user): Owner) -> Result<Vec<Address>, AddressesError> {
    let rows = state.db(move |store| store.addresses(&user)).await?;
    Ok(rows.into_iter().map(Address::from).collect())
}

/// Saves an address. The first is the default, and so is one saved to be (the others then
/// are not).
pub async fn add(
    state: &AppState,
    Owner(user): Owner,
    new: NewAddress,
) -> Result<Address, AddressesError> {
    let NewAddress {
        shipment,
        make_default,
    } = new;
    let record = store::AddressRecord {
        id: AddressId::new(uuid::Uuid::now_v7().to_string()),
        user_id: user,
        customer_name: shipment.customer_name().as_str().to_owned(),
        phone: shipment.phone().as_str().to_owned(),
        email: shipment.email().as_str().to_owned(),
        address: shipment.address().as_str().to_owned(),
        address_2: shipment.address_2().as_str().to_owned(),
        city: shipment.city().as_str().to_owned(),
        pincode: shipment.pincode().to_string(),
        state: shipment.state().as_str().to_owned(),
        country: shipment.country().as_str().to_owned(),
        // admit_address decides, from the addresses already saved.
        is_default: false,
        created_at: state.clock.now().naive_utc(),
    };
    let outcome = state
        .db(move |store| {
            store.add_address(&record, |saved| {
                validation::admit_address(saved, make_default)
            })
        })
        .await?;
    match outcome {
        Some(Ok(saved)) => Ok(Address::from(saved)),
        Some(Err(refusal)) => Err(AddressesError::Limit(refusal)),
        // The account was deleted while the address was on its way.
        None => Err(AddressesError::UserNotFound),
    }
}

/// Makes one of the owner's addresses the default; every other one stops being it.
pub async fn make_default(
    state: &AppState,
    Owner(user): Owner,
    address: AddressId,
    MakeDefault: MakeDefault,
) -> Result<Address, AddressesError> {
    let found = state
        .db(move |store| store.set_default_address(&user, &address))
        .await?;
    found
        .map(Address::from)
        .ok_or(AddressesError::AddressNotFound)
}

/// Deletes one of the owner's addresses. When it was the default, the newest remaining one
/// becomes the default.
pub async fn remove(
    state: &AppState,
    Owner(user): Owner,
    address: AddressId,
) -> Result<(), AddressesError> {
    let deleted = state
        .db(move |store| {
            store.delete_address(&user, &address, |remaining| {
                validation::next_default(remaining.iter().map(|a| (a.id.as_str(), a.created_at)))
                    .map(AddressId::from)
            })
        })
        .await?;
    if deleted {
        Ok(())
    } else {
        Err(AddressesError::AddressNotFound)
    }
}
