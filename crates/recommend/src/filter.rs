//! The swipe screen's filter sheet (001 swipe screen): which products may be cards at all,
//! before any scoring.

use std::collections::HashSet;

/// The filter sheet's choices. A product passes when, for every list that is not empty, it
/// has one of the listed values: its brand id, one of its category ids, its colour, one of its
/// sizes. Lists hold lower-case values; a product's values compare in lower case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub brands: HashSet<String>,
    pub categories: HashSet<String>,
    pub colours: HashSet<String>,
    pub sizes: HashSet<String>,
}

/// What the filter reads of a product.
#[derive(Clone, Copy, Debug)]
pub struct Facets<'a> {
    pub brand: &'a str,
    pub category_ids: &'a [&'a str],
    pub colour: &'a str,
    pub sizes: &'a [&'a str],
}

impl Filter {
    /// No list given: every product passes.
    pub fn is_empty(&self) -> bool {
        self.brands.is_empty()
            && self.categories.is_empty()
            && self.colours.is_empty()
            && self.sizes.is_empty()
    }

    /// Whether a product with these facets may be shown.
    pub fn admits(&self, product: &Facets<'_>) -> bool {
        let listed = |list: &HashSet<String>, value: &str| list.contains(&value.to_lowercase());
        let any_listed = |list: &HashSet<String>, values: &[&str]| {
            list.is_empty() || values.iter().any(|v| listed(list, v))
        };
        (self.brands.is_empty() || listed(&self.brands, product.brand))
            && any_listed(&self.categories, product.category_ids)
            && (self.colours.is_empty() || listed(&self.colours, product.colour))
            && any_listed(&self.sizes, product.sizes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(values: &[&str]) -> HashSet<String> {
        values.iter().map(|v| (*v).to_owned()).collect()
    }

    const HOODIE: Facets<'static> = Facets {
        brand: "B1",
        category_ids: &["C-Top", "c-hoodies"],
        colour: "Navy",
        sizes: &["M", "L"],
    };

    #[test]
    fn an_empty_filter_admits_everything() {
        assert!(Filter::default().is_empty());
        assert!(Filter::default().admits(&HOODIE));
    }

    #[test]
    fn each_list_must_match_ignoring_case() {
        let by = |filter: Filter| filter.admits(&HOODIE);
        assert!(by(Filter {
            brands: set(&["b1", "b2"]),
            ..Filter::default()
        }));
        assert!(!by(Filter {
            brands: set(&["b2"]),
            ..Filter::default()
        }));
        assert!(by(Filter {
            categories: set(&["c-top"]),
            ..Filter::default()
        }));
        assert!(!by(Filter {
            categories: set(&["c-jeans"]),
            ..Filter::default()
        }));
        assert!(by(Filter {
            colours: set(&["navy"]),
            ..Filter::default()
        }));
        assert!(!by(Filter {
            colours: set(&["black"]),
            ..Filter::default()
        }));
        assert!(by(Filter {
            sizes: set(&["l", "xl"]),
            ..Filter::default()
        }));
        assert!(!by(Filter {
            sizes: set(&["xl"]),
            ..Filter::default()
        }));
    }

    #[test]
    fn every_list_given_must_match() {
        let filter = Filter {
            brands: set(&["b1"]),
            colours: set(&["black"]),
            ..Filter::default()
        };
        assert!(!filter.admits(&HOODIE));
    }

    #[test]
    fn a_product_without_sizes_fails_a_size_filter() {
        let filter = Filter {
            sizes: set(&["m"]),
            ..Filter::default()
        };
        assert!(!filter.admits(&Facets {
            sizes: &[],
            ..HOODIE
        }));
    }
}
