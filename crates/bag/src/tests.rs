use super::*;
use proptest::prelude::*;

fn brand(id: &str) -> Brand {
    Brand {
        id: id.to_owned(),
        name: format!("Brand {id}"),
    }
}

fn product(id: &str, brand_id: &str, rupees: i32, stock: &[(&str, u32)]) -> Product {
    Product {
        id: id.to_owned(),
        brand: brand(brand_id),
        unit_price: Money::from_rupees(rupees),
        stock: stock.iter().map(|&(s, n)| (s.to_owned(), n)).collect(),
    }
}

fn tee() -> Product {
    product("tee", "b1", 999, &[("S", 0), ("M", 5), ("L", 200)])
}

fn jeans() -> Product {
    product("jeans", "b1", 1_999, &[("32", 2)])
}

fn other_brand() -> Product {
    product("shirt", "b2", 1_499, &[("M", 3)])
}

fn quantities(bag: &Bag) -> Vec<(String, String, u32)> {
    bag.lines()
        .map(|l| (l.product_id.clone(), l.size.clone(), l.quantity))
        .collect()
}

fn q(product: &str, size: &str, quantity: u32) -> (String, String, u32) {
    (product.to_owned(), size.to_owned(), quantity)
}

#[test]
fn adding_merges_into_the_line_of_the_same_product_and_size() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 1).expect("first add");
    bag.add(jeans(), "32", 1).expect("same brand");
    bag.add(tee(), "M", 2).expect("same line");
    bag.add(tee(), "L", 1)
        .expect("another size is another line");
    assert_eq!(
        quantities(&bag),
        [q("tee", "M", 3), q("jeans", "32", 1), q("tee", "L", 1)]
    );
    assert_eq!(bag.brand(), Some(&brand("b1")));
}

#[test]
fn refusals_name_the_reason_and_change_nothing() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 4).expect("within stock");
    let before = bag.clone();
    let cases: [(Product, &str, u32, BagError, &str); 7] = [
        (
            other_brand(),
            "M",
            1,
            BagError::BrandConflict {
                current: brand("b1"),
                new: brand("b2"),
            },
            "Your bag has items from Brand b1. Switch to Brand b2?",
        ),
        (
            tee(),
            "XXL",
            1,
            BagError::UnknownSize { size: "XXL".into() },
            "This product does not come in size XXL.",
        ),
        (
            tee(),
            "M",
            2,
            BagError::NotEnoughStock {
                size: "M".into(),
                available: 5,
            },
            "Only 5 left in size M.",
        ),
        (
            tee(),
            "S",
            1,
            BagError::NotEnoughStock {
                size: "S".into(),
                available: 0,
            },
            "Size S is out of stock.",
        ),
        (
            tee(),
            "L",
            0,
            BagError::InvalidQuantity { min: 1 },
            "quantity must be a whole number from 1 to 99",
        ),
        (
            tee(),
            "L",
            100,
            BagError::InvalidQuantity { min: 1 },
            "quantity must be a whole number from 1 to 99",
        ),
        (
            tee(),
            "M",
            u32::MAX,
            BagError::InvalidQuantity { min: 1 },
            "quantity must be a whole number from 1 to 99",
        ),
    ];
    for (product, size, quantity, error, message) in cases {
        let refused = bag.add(product, size, quantity);
        assert_eq!(refused, Err(error.clone()), "{size} × {quantity}");
        assert_eq!(error.to_string(), message);
        assert_eq!(bag, before, "a refused add changes nothing");
    }
}

#[test]
fn a_line_holds_at_most_99_even_when_stock_allows_more() {
    let mut bag = Bag::default();
    bag.add(tee(), "L", 99).expect("99 is the most");
    assert_eq!(bag.add(tee(), "L", 1), Err(BagError::LineLimit));
    assert_eq!(
        BagError::LineLimit.to_string(),
        "A bag holds at most 99 of one item."
    );
    assert_eq!(
        bag.set_quantity("tee", "L", 100),
        Err(BagError::InvalidQuantity { min: 0 })
    );
    assert_eq!(
        BagError::InvalidQuantity { min: 0 }.to_string(),
        "quantity must be a whole number from 0 to 99"
    );
}

#[test]
fn the_stock_message_offers_at_most_99() {
    let mut bag = Bag::default();
    bag.add(tee(), "L", 99).expect("99");
    let big = product("tee", "b1", 999, &[("L", 98)]);
    assert_eq!(
        bag.add(big, "L", 1),
        Err(BagError::NotEnoughStock {
            size: "L".into(),
            available: 98
        })
    );
}

#[test]
fn switching_brand_empties_the_bag_and_adds() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 2).expect("b1");
    bag.add(jeans(), "32", 1).expect("b1");
    bag.switch_brand(other_brand(), "M", 1).expect("switch");
    assert_eq!(quantities(&bag), [q("shirt", "M", 1)]);
    assert_eq!(bag.brand(), Some(&brand("b2")));
}

#[test]
fn a_refused_switch_keeps_the_bag() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 2).expect("b1");
    let before = bag.clone();
    assert_eq!(
        bag.switch_brand(other_brand(), "M", 4),
        Err(BagError::NotEnoughStock {
            size: "M".into(),
            available: 3
        })
    );
    assert_eq!(bag, before);
}

#[test]
fn setting_quantities() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 2).expect("add");
    bag.add(jeans(), "32", 1).expect("add");
    bag.set_quantity("tee", "M", 5).expect("up to the stock");
    assert_eq!(
        bag.set_quantity("tee", "M", 6),
        Err(BagError::NotEnoughStock {
            size: "M".into(),
            available: 5
        })
    );
    assert_eq!(bag.set_quantity("tee", "L", 1), Err(BagError::NotInBag));
    assert_eq!(
        BagError::NotInBag.to_string(),
        "That item is not in your bag."
    );
    bag.set_quantity("tee", "M", 0)
        .expect("0 takes the line out");
    assert_eq!(quantities(&bag), [q("jeans", "32", 1)]);
    bag.remove("jeans", "32").expect("remove");
    assert!(bag.is_empty());
    assert_eq!(bag.brand(), None);
    assert_eq!(bag.remove("jeans", "32"), Err(BagError::NotInBag));
}

#[test]
fn lowering_a_quantity_needs_no_stock() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 5).expect("add");
    let sold_out = product("tee", "b1", 999, &[("M", 1)]);
    let mut bag = Bag::resolve(bag.lines().cloned().collect(), |_| Some(sold_out.clone()));
    bag.set_quantity("tee", "M", 4)
        .expect("lowering is always allowed");
    assert_eq!(
        bag.set_quantity("tee", "M", 5),
        Err(BagError::NotEnoughStock {
            size: "M".into(),
            available: 1
        })
    );
}

#[test]
fn the_view_prices_at_today_and_says_what_changed() {
    let mut bag = Bag::default();
    bag.add(tee(), "M", 2).expect("add");
    bag.add(jeans(), "32", 1).expect("add");
    let view = bag.view().expect("view");
    assert_eq!(view.total_amount, Money::from_rupees(2 * 999 + 1_999));
    assert_eq!(view.total_items, 3);
    assert!(!view.price_changed);
    assert_eq!(view.items[0].in_stock, 5);

    let cheaper_tee = product("tee", "b1", 899, &[("M", 5)]);
    let stored: Vec<Line> = bag.lines().cloned().collect();
    let today = |id: &str| match id {
        "tee" => Some(cheaper_tee.clone()),
        "jeans" => Some(jeans()),
        _ => None,
    };
    let bag = Bag::resolve(stored, today);
    let view = bag.view().expect("view");
    assert_eq!(view.total_amount, Money::from_rupees(2 * 899 + 1_999));
    assert!(view.price_changed);
    assert!(view.items[0].price_changed);
    assert_eq!(view.items[0].line.price_at_add, Money::from_rupees(999));
    assert_eq!(view.items[0].line_total, Money::from_rupees(1_798));
    assert!(!view.items[1].price_changed);
}

#[test]
fn resolving_leaves_out_products_gone_and_a_second_brand() {
    let line = |id: &str| Line {
        product_id: id.to_owned(),
        size: "M".into(),
        quantity: 1,
        price_at_add: Money::from_rupees(10),
    };
    let today = |id: &str| match id {
        "a" => Some(product("a", "b1", 10, &[("M", 1)])),
        "moved" => Some(product("moved", "b9", 10, &[("M", 1)])),
        "c" => Some(product("c", "b1", 10, &[("M", 1)])),
        _ => None,
    };
    let bag = Bag::resolve(
        vec![line("gone"), line("a"), line("moved"), line("c")],
        today,
    );
    assert_eq!(quantities(&bag), [q("a", "M", 1), q("c", "M", 1)]);
    let empty = Bag::resolve(vec![line("gone")], today);
    assert!(empty.is_empty());
    assert_eq!(empty.view().map(|v| v.total_amount), Ok(Money::ZERO));
}

#[test]
fn a_line_of_a_product_no_longer_sold_stays_counted_in_nothing_and_only_comes_out() {
    let line = |id: &str, size: &str| Line {
        product_id: id.to_owned(),
        size: size.to_owned(),
        quantity: 2,
        price_at_add: Money::from_rupees(10),
    };
    let today = |id: &str| (id == "a").then(|| product("a", "b1", 10, &[("M", 5)]));
    let archived = |id: &str| id == "archived";
    let lines = vec![
        line("archived", "M"),
        line("a", "M"),
        line("gone", "M"),
        line("archived", "L"),
    ];
    let mut bag = Bag::resolve_keeping(lines, today, archived);
    assert_eq!(
        quantities(&bag),
        [q("a", "M", 2), q("archived", "M", 2), q("archived", "L", 2)],
        "kept after the lines on sale; a product that no longer exists is dropped"
    );
    assert_eq!(bag.unavailable_lines().len(), 2);
    let view = bag.view().expect("a view");
    assert_eq!(
        (view.total_amount, view.total_items, view.items.len()),
        (Money::from_rupees(20), 2, 1)
    );
    assert_eq!(
        bag.set_quantity("archived", "M", 3),
        Err(BagError::Unavailable)
    );
    assert_eq!(bag.set_quantity("archived", "M", 0), Ok(()));
    assert_eq!(bag.remove("archived", "L"), Ok(()));
    assert!(bag.unavailable_lines().is_empty());
    let mut only = Bag::resolve_keeping(vec![line("archived", "M")], today, archived);
    assert!(!only.is_empty());
    assert_eq!(only.brand(), None);
    only.clear();
    assert!(only.is_empty());
}

#[test]
fn unit_price_is_the_offer_price() {
    let price = Money::from_rupees(1_299);
    assert_eq!(unit_price(price, 0), price);
    assert_eq!(unit_price(price, 20), Money::from_paise(103_920));
    assert_eq!(unit_price(price, 100), Money::ZERO);
    assert_eq!(unit_price(price, -5), price, "out of range counts as none");
    assert_eq!(unit_price(price, 101), price, "out of range counts as none");
}

#[derive(Debug, Clone)]
enum Op {
    Add(usize, usize, u32),
    Switch(usize, usize, u32),
    Set(usize, usize, u32),
    Remove(usize, usize),
    Clear,
}

fn catalogue() -> Vec<Product> {
    vec![
        product("p0", "b1", 500, &[("S", 0), ("M", 3)]),
        product("p1", "b1", 1_250, &[("M", 150), ("L", 1)]),
        product("p2", "b2", 799, &[("M", 4)]),
        product("p3", "b3", 2_000, &[("32", 99)]),
    ]
}

const SIZES: [&str; 4] = ["S", "M", "L", "32"];

fn op() -> impl Strategy<Value = Op> {
    let product = 0..4usize;
    let size = 0..SIZES.len();
    prop_oneof![
        (product.clone(), size.clone(), 0..105u32).prop_map(|(p, s, n)| Op::Add(p, s, n)),
        (product.clone(), size.clone(), 0..6u32).prop_map(|(p, s, n)| Op::Switch(p, s, n)),
        (product.clone(), size.clone(), 0..105u32).prop_map(|(p, s, n)| Op::Set(p, s, n)),
        (product, size).prop_map(|(p, s)| Op::Remove(p, s)),
        Just(Op::Clear),
    ]
}

proptest! {
    /// Whatever the shopper does: one brand, every line within 1..=min(stock, 99) unless it was
    /// lowered, no duplicate lines, totals the sum of the lines, and a refusal changes nothing.
    #[test]
    fn the_rules_hold_under_any_sequence(ops in proptest::collection::vec(op(), 1..40)) {
        let products = catalogue();
        let mut bag = Bag::default();
        for op in ops {
            let before = bag.clone();
            let result = match &op {
                Op::Add(p, s, n) => bag.add(products[*p].clone(), SIZES[*s], *n),
                Op::Switch(p, s, n) => bag.switch_brand(products[*p].clone(), SIZES[*s], *n),
                Op::Set(p, s, n) => bag.set_quantity(&products[*p].id, SIZES[*s], *n),
                Op::Remove(p, s) => bag.remove(&products[*p].id, SIZES[*s]),
                Op::Clear => {
                    bag.clear();
                    Ok(())
                }
            };
            if result.is_err() {
                prop_assert_eq!(&bag, &before, "{:?} was refused but changed the bag", op);
            }
            let view = bag.view().expect("small bags never overflow");
            let brands: std::collections::BTreeSet<&str> =
                view.items.iter().map(|i| i.product.brand.id.as_str()).collect();
            prop_assert!(brands.len() <= 1, "two brands after {:?}", op);
            let keys: std::collections::BTreeSet<(&str, &str)> = view
                .items
                .iter()
                .map(|i| (i.line.product_id.as_str(), i.line.size.as_str()))
                .collect();
            prop_assert_eq!(keys.len(), view.items.len());
            for item in &view.items {
                prop_assert!(item.line.quantity >= 1);
                prop_assert!(item.line.quantity <= MAX_LINE_QUANTITY);
                prop_assert!(item.line.quantity <= item.in_stock, "stock never lowers here");
            }
            let total = view.items.iter().map(|i| i.line_total.paise()).sum::<i64>();
            prop_assert_eq!(view.total_amount.paise(), total);
            prop_assert_eq!(
                view.total_items,
                view.items.iter().map(|i| i.line.quantity).sum::<u32>()
            );
        }
    }
}
