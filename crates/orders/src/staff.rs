//! Who may review an order's cancellation or move its delivery: the brand's own team, or an
//! admin (000 §6: brand users review their brand's cancellations; 001 §4: "The brand or a CRM
//! reviews the request").

use access::Role;

/// Why a caller may not manage an order. `Display` is the text the caller sees (ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum StaffError {
    /// A shopper: shoppers ask for cancellations, they never decide them.
    #[error("Only the brand's team or an admin can manage orders.")]
    NotStaff,
    /// A brand user whose account names no brand.
    #[error("Your account is not linked to a brand.")]
    NoBrand,
    /// A brand user of another brand than the order's.
    #[error("This order belongs to another brand.")]
    OtherBrand,
}

/// Whether a caller with `role`, working for `caller_brand_id` (the user record's brand, for
/// brand users), may review or move an order of `order_brand_id` (the order's `brandId`):
/// an admin any order, a brand user only their own brand's, a shopper none.
pub fn may_manage(
    role: Role,
    caller_brand_id: Option<&str>,
    order_brand_id: &str,
) -> Result<(), StaffError> {
    match role {
        Role::Admin => Ok(()),
        Role::Shopper => Err(StaffError::NotStaff),
        Role::BrandUser => match caller_brand_id {
            None => Err(StaffError::NoBrand),
            Some(brand) if brand == order_brand_id => Ok(()),
            Some(_) => Err(StaffError::OtherBrand),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admins_any_order_brand_users_their_own_shoppers_none() {
        use StaffError::*;
        // (spec, role, caller's brand, outcome) for an order of brand "b1"
        let table = [
            ("000 §6", Role::Admin, None, Ok(())),
            ("000 §6", Role::Admin, Some("b2"), Ok(())),
            ("000 §6", Role::BrandUser, Some("b1"), Ok(())),
            ("000 §6", Role::BrandUser, Some("b2"), Err(OtherBrand)),
            ("000 §6", Role::BrandUser, Some("B1"), Err(OtherBrand)),
            ("000 §6", Role::BrandUser, None, Err(NoBrand)),
            ("000 §6", Role::Shopper, None, Err(NotStaff)),
            ("000 §6", Role::Shopper, Some("b1"), Err(NotStaff)),
        ];
        for (spec, role, brand, outcome) in table {
            assert_eq!(
                may_manage(role, brand, "b1"),
                outcome,
                "{spec}: {role} of {brand:?}"
            );
        }
    }
}
