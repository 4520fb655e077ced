//! # bag: the shopper's bag and its rules
//!
//! The bag (001 §2, §3 Cart, §4 Bag) holds one brand's products at a time, each line a product
//! in one size with a quantity. This crate decides every change:
//!
//! - [`Bag::add`]: a quantity of a product in a size, added to its line; another brand's product
//!   is a [`BagError::BrandConflict`] naming both brands.
//! - [`Bag::switch_brand`]: the brand-conflict dialog's 'Switch to {brand}', emptying the bag and
//!   adding, or changing nothing when the add is refused.
//! - [`Bag::set_quantity`] and [`Bag::remove`]: a line's quantity (0 takes it out) and removal.
//! - [`Bag::view`]: the bag at today's prices, with each line's price when it was added and
//!   whether it changed since.
//!
//! A line never holds more than the stock of its size, nor more than [`MAX_LINE_QUANTITY`];
//! lowering a quantity is always allowed (stock may have fallen since the line was filled).
//!
//! The store keeps the lines ([`Line`]) and loads them with a lock on the shopper's bag, so a
//! change is read, decided here and written in one transaction: two concurrent adds of
//! different brands cannot both win.
//!
//! ## What this crate must never import
//!
//! No I/O of any kind: no diesel, no actix, no reqwest, no file or network access, and no clock.

use pricing::{CartLine, Percent};

pub use pricing::Money;

/// The most of one product in one size a bag holds.
pub const MAX_LINE_QUANTITY: u32 = 99;

/// A brand, as the bag names it to the shopper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brand {
    /// The brand's id.
    pub id: String,
    /// The brand's name.
    pub name: String,
}

/// What the bag's rules know of a product today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// The product's id.
    pub id: String,
    /// Its brand.
    pub brand: Brand,
    /// The price of one item today ([`unit_price`]).
    pub unit_price: Money,
    /// Its sizes in display order, each with how many are left.
    pub stock: Vec<(String, u32)>,
}

impl Product {
    /// How many of `size` are left; `None` when the product does not come in that size.
    pub fn stock_of(&self, size: &str) -> Option<u32> {
        self.stock
            .iter()
            .find(|(name, _)| name == size)
            .map(|&(_, left)| left)
    }
}

/// The price one item costs in the bag: the offer price when the product has an offer, else
/// the plain price. An assigned coupon is not applied here: coupons are entered at checkout.
/// An offer outside 0 to 100 % counts as none (the catalogue never stores one).
pub fn unit_price(price: Money, offer_percentage: i32) -> Money {
    u8::try_from(offer_percentage)
        .ok()
        .and_then(|whole| Percent::from_whole(whole).ok())
        .map_or(price, |offer| pricing::offer_price(price, offer))
}

/// One stored line of a bag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The product.
    pub product_id: String,
    /// The size chosen.
    pub size: String,
    /// How many, from 1 to [`MAX_LINE_QUANTITY`].
    pub quantity: u32,
    /// The price of one item when the line was first added.
    pub price_at_add: Money,
}

/// Why a change is refused; the bag is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BagError {
    /// The bag holds another brand's products.
    #[error("Your bag has items from {}. Switch to {}?", current.name, new.name)]
    BrandConflict {
        /// The brand in the bag.
        current: Brand,
        /// The brand of the product being added.
        new: Brand,
    },
    /// The product has no such size.
    #[error("This product does not come in size {size}.")]
    UnknownSize {
        /// The size asked for.
        size: String,
    },
    /// The line would hold more than the size's stock.
    #[error("{}", stock_message(size, *available))]
    NotEnoughStock {
        /// The size asked for.
        size: String,
        /// The most the line may hold.
        available: u32,
    },
    /// A quantity out of range: at least `min` (1 to add, 0 to set) and at most
    /// [`MAX_LINE_QUANTITY`].
    #[error("quantity must be a whole number from {min} to {MAX_LINE_QUANTITY}")]
    InvalidQuantity {
        /// The least quantity the call accepts.
        min: u32,
    },
    /// The line would hold more than [`MAX_LINE_QUANTITY`] (the stock would allow it).
    #[error("A bag holds at most {MAX_LINE_QUANTITY} of one item.")]
    LineLimit,
    /// No line of that product and size.
    #[error("That item is not in your bag.")]
    NotInBag,
    /// The line's product is no longer sold (archived or switched off by its brand): its
    /// quantity cannot be raised; it can only be taken out.
    #[error("This item is no longer available. Remove it from your bag.")]
    Unavailable,
}

fn stock_message(size: &str, available: u32) -> String {
    if available == 0 {
        format!("Size {size} is out of stock.")
    } else {
        format!("Only {available} left in size {size}.")
    }
}

/// A bag whose lines are matched with today's products.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bag {
    lines: Vec<(Line, Product)>,
    /// Lines whose product is no longer sold but still exists (archived, switched off): kept
    /// so the shopper sees what happened to them, counted in no total, only taken out.
    unavailable: Vec<Line>,
}

impl Bag {
    /// The stored `lines` with today's products from `catalogue`. A line whose product
    /// shoppers can no longer see is left out, as is one whose product has moved to a brand
    /// other than the first line's (a bag shows one brand, whatever the catalogue did).
    pub fn resolve(lines: Vec<Line>, catalogue: impl Fn(&str) -> Option<Product>) -> Bag {
        Bag::resolve_keeping(lines, catalogue, |_| false)
    }

    /// As [`Bag::resolve`], but a line whose product shoppers cannot see and that `kept` says
    /// still exists (archived, switched off) stays in the bag as unavailable
    /// ([`Bag::unavailable_lines`]).
    pub fn resolve_keeping(
        lines: Vec<Line>,
        catalogue: impl Fn(&str) -> Option<Product>,
        kept: impl Fn(&str) -> bool,
    ) -> Bag {
        let mut resolved: Vec<(Line, Product)> = Vec::with_capacity(lines.len());
        let mut unavailable = Vec::new();
        for line in lines {
            let Some(product) = catalogue(&line.product_id) else {
                if kept(&line.product_id) {
                    unavailable.push(line);
                }
                continue;
            };
            if resolved
                .first()
                .is_some_and(|(_, first)| first.brand.id != product.brand.id)
            {
                continue;
            }
            resolved.push((line, product));
        }
        Bag {
            lines: resolved,
            unavailable,
        }
    }

    /// The bag's brand; `None` when it is empty.
    pub fn brand(&self) -> Option<&Brand> {
        self.lines.first().map(|(_, product)| &product.brand)
    }

    /// Whether the bag has no lines (unavailable ones included).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.unavailable.is_empty()
    }

    /// The lines to store: those on sale in the order the shopper added them, then the
    /// unavailable ones.
    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        self.lines
            .iter()
            .map(|(line, _)| line)
            .chain(self.unavailable.iter())
    }

    /// The lines whose product is no longer sold.
    pub fn unavailable_lines(&self) -> &[Line] {
        &self.unavailable
    }

    fn unavailable_position(&self, product_id: &str, size: &str) -> Option<usize> {
        self.unavailable
            .iter()
            .position(|line| line.product_id == product_id && line.size == size)
    }

    fn position(&self, product_id: &str, size: &str) -> Option<usize> {
        self.lines
            .iter()
            .position(|(line, _)| line.product_id == product_id && line.size == size)
    }

    /// Adds `quantity` (1 to [`MAX_LINE_QUANTITY`]) of `product` in `size` to its line, or as a
    /// new line at the end at today's price.
    pub fn add(&mut self, product: Product, size: &str, quantity: u32) -> Result<(), BagError> {
        if !(1..=MAX_LINE_QUANTITY).contains(&quantity) {
            return Err(BagError::InvalidQuantity { min: 1 });
        }
        if let Some(current) = self.brand()
            && current.id != product.brand.id
        {
            return Err(BagError::BrandConflict {
                current: current.clone(),
                new: product.brand,
            });
        }
        let stock = product
            .stock_of(size)
            .ok_or_else(|| BagError::UnknownSize {
                size: size.to_owned(),
            })?;
        let position = self.position(&product.id, size);
        let held = position.map_or(0, |at| self.lines[at].0.quantity);
        let wanted = held.saturating_add(quantity);
        if wanted > stock {
            return Err(BagError::NotEnoughStock {
                size: size.to_owned(),
                available: stock.min(MAX_LINE_QUANTITY),
            });
        }
        if wanted > MAX_LINE_QUANTITY {
            return Err(BagError::LineLimit);
        }
        match position {
            Some(at) => {
                let (line, today) = &mut self.lines[at];
                line.quantity = wanted;
                *today = product;
            }
            None => self.lines.push((
                Line {
                    product_id: product.id.clone(),
                    size: size.to_owned(),
                    quantity,
                    price_at_add: product.unit_price,
                },
                product,
            )),
        }
        Ok(())
    }

    /// Empties the bag and adds, as [`Bag::add`] would to an empty bag; when that add is
    /// refused, the bag keeps what it held.
    pub fn switch_brand(
        &mut self,
        product: Product,
        size: &str,
        quantity: u32,
    ) -> Result<(), BagError> {
        let mut switched = Bag::default();
        switched.add(product, size, quantity)?;
        *self = switched;
        Ok(())
    }

    /// Sets a line's quantity (0 to [`MAX_LINE_QUANTITY`]; 0 takes the line out). Raising it
    /// needs the stock; lowering it never does.
    pub fn set_quantity(
        &mut self,
        product_id: &str,
        size: &str,
        quantity: u32,
    ) -> Result<(), BagError> {
        if quantity > MAX_LINE_QUANTITY {
            return Err(BagError::InvalidQuantity { min: 0 });
        }
        if let Some(at) = self.unavailable_position(product_id, size) {
            if quantity != 0 {
                return Err(BagError::Unavailable);
            }
            self.unavailable.remove(at);
            return Ok(());
        }
        let at = self.position(product_id, size).ok_or(BagError::NotInBag)?;
        if quantity == 0 {
            self.lines.remove(at);
            return Ok(());
        }
        let (line, product) = &mut self.lines[at];
        if quantity > line.quantity {
            let stock = product.stock_of(size).unwrap_or(0);
            if quantity > stock {
                return Err(BagError::NotEnoughStock {
                    size: size.to_owned(),
                    available: stock.min(MAX_LINE_QUANTITY),
                });
            }
        }
        line.quantity = quantity;
        Ok(())
    }

    /// Takes a line out.
    pub fn remove(&mut self, product_id: &str, size: &str) -> Result<(), BagError> {
        if let Some(at) = self.unavailable_position(product_id, size) {
            self.unavailable.remove(at);
            return Ok(());
        }
        let at = self.position(product_id, size).ok_or(BagError::NotInBag)?;
        self.lines.remove(at);
        Ok(())
    }

    /// Takes every line out.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.unavailable.clear();
    }

    /// The bag at today's prices (the lines on sale; unavailable ones count in no total).
    pub fn view(&self) -> Result<BagView<'_>, pricing::CartError> {
        let items: Vec<ItemView<'_>> = self
            .lines
            .iter()
            .map(|(line, product)| {
                let line_total = product
                    .unit_price
                    .checked_mul(line.quantity)
                    .ok_or(pricing::CartError::Overflow)?;
                Ok(ItemView {
                    line,
                    product,
                    line_total,
                    price_changed: product.unit_price != line.price_at_add,
                    in_stock: product.stock_of(&line.size).unwrap_or(0),
                })
            })
            .collect::<Result<_, pricing::CartError>>()?;
        let cart_lines: Vec<CartLine> = items
            .iter()
            .map(|item| CartLine {
                unit_price: item.product.unit_price,
                quantity: item.line.quantity,
            })
            .collect();
        Ok(BagView {
            total_amount: pricing::subtotal(&cart_lines)?,
            total_items: items
                .iter()
                .fold(0, |count, item| count.saturating_add(item.line.quantity)),
            price_changed: items.iter().any(|item| item.price_changed),
            brand: self.brand(),
            items,
        })
    }
}

/// One line as the shopper sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemView<'a> {
    /// The stored line.
    pub line: &'a Line,
    /// Its product today.
    pub product: &'a Product,
    /// Today's price of one item times the quantity.
    pub line_total: Money,
    /// Today's price differs from the price when the line was added.
    pub price_changed: bool,
    /// How many of the line's size are left.
    pub in_stock: u32,
}

/// The bag as the shopper sees it (001 §3 Cart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BagView<'a> {
    /// The lines, in the order they were added.
    pub items: Vec<ItemView<'a>>,
    /// The sum of the line totals, at today's prices.
    pub total_amount: Money,
    /// The sum of the quantities.
    pub total_items: u32,
    /// Some line's price changed since it was added.
    pub price_changed: bool,
    /// The bag's brand; `None` when it is empty.
    pub brand: Option<&'a Brand>,
}

#[cfg(test)]
mod tests;
