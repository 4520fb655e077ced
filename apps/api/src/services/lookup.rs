//! What several families read from the catalogue in memory.

use crate::catalogue::Snapshot;

/// The bag's rules' view of a product the catalogue shows, with its stock; the bag, the
/// checkout and the coupon check price from it.
pub(crate) fn product(snapshot: &Snapshot, id: &str) -> Option<bag::Product> {
    let record = &snapshot.entries()[snapshot.product(id)?].product;
    Some(bag::Product {
        id: record.id.to_string(),
        brand: bag::Brand {
            id: record.brand.id.to_string(),
            name: record.brand.name.clone(),
        },
        unit_price: bag::unit_price(
            pricing::Money::from_paise(record.price_paise),
            record.offer_percentage,
        ),
        stock: record
            .stock()
            .map(|(size, left)| (size.to_owned(), u32::try_from(left).unwrap_or(0)))
            .collect(),
    })
}
