use super::*;

const FIXTURE: &str = "\
110001\tConnaught Place SO\tNEW DELHI\tDELHI\t2863314\t7721794
110001\tNew Delhi GPO\tNEW DELHI\tDELHI\t2862681\t7720663
400001\tBazargate SO\tMUMBAI\tMAHARASHTRA\t1893519\t7283564
400001\tMumbai GPO\tMUMBAI\tMAHARASHTRA\t1893917\t7283756
400050\tBandra West SO\tMUMBAI\tMAHARASHTRA\t1905960\t7282950
400051\tBandra(East) SO\tMUMBAI\tMAHARASHTRA\t1906205\t7284381
400053\tAndheri West SO\tMUMBAI SUBURBAN\tMAHARASHTRA\t1913617\t7282756
560001\tBengaluru G.P.O.\tBENGALURU URBAN\tKARNATAKA\t1297160\t7759456
744101\tPort Blair H.O\tSOUTH ANDAMAN\tANDAMAN AND NICOBAR ISLANDS\t\t
";

fn directory() -> Directory {
    Directory::parse(FIXTURE).expect("fixture")
}

fn mains(list: &[Prediction]) -> Vec<&str> {
    list.iter().map(|s| s.main_text.as_str()).collect()
}

#[test]
fn localities_drop_the_office_type_and_names_read_as_names() {
    assert_eq!(text::locality("Bazargate SO"), "Bazargate");
    assert_eq!(text::locality("Port Blair H.O"), "Port Blair");
    assert_eq!(text::locality("Mumbai GPO"), "Mumbai GPO");
    assert_eq!(text::locality("SO"), "SO", "a name is never emptied");
    assert_eq!(text::display_case("BENGALURU URBAN"), "Bengaluru Urban");
    assert_eq!(text::display_case("Connaught Place"), "Connaught Place");
}

#[test]
fn autocomplete_by_locality_district_and_pincode() {
    let d = directory();
    assert_eq!(d.len(), 9);
    assert_eq!(
        mains(&d.autocomplete("bandra", 10)),
        ["Bandra West", "Bandra(East)"]
    );
    assert_eq!(mains(&d.autocomplete("Bandra we", 10)), ["Bandra West"]);
    assert_eq!(
        mains(&d.autocomplete("andheri", 10)),
        ["Andheri West"],
        "by locality"
    );
    assert_eq!(
        mains(&d.autocomplete("mumbai", 10)),
        [
            "Mumbai GPO",
            "Andheri West",
            "Bandra West",
            "Bandra(East)",
            "Bazargate"
        ],
        "the locality's word first, then the district's (Mumbai Suburban has the word too)"
    );
    assert_eq!(
        mains(&d.autocomplete("mumba", 10))[0],
        "Mumbai GPO",
        "a word begun ranks the same way"
    );
    assert_eq!(
        mains(&d.autocomplete("4000", 10)),
        [
            "Bazargate",
            "Mumbai GPO",
            "Bandra West",
            "Bandra(East)",
            "Andheri West"
        ]
    );
    assert_eq!(
        mains(&d.autocomplete("400 001", 10)),
        ["Bazargate", "Mumbai GPO"]
    );
    assert!(
        d.autocomplete("4000011", 10).is_empty(),
        "seven digits are no pincode"
    );
    let s = &d.autocomplete("connaught", 1)[0];
    assert_eq!(s.secondary_text, "New Delhi, Delhi 110001");
    assert_eq!(s.place_id, "in-110001-connaught-place");
}

#[test]
fn a_typo_or_two_is_forgiven_and_short_words_must_be_right() {
    let d = directory();
    assert_eq!(
        mains(&d.autocomplete("bazargte", 10)),
        ["Bazargate"],
        "one letter left out"
    );
    assert_eq!(
        mains(&d.autocomplete("bnadra west", 10)),
        ["Bandra West"],
        "two swapped"
    );
    assert_eq!(
        mains(&d.autocomplete("conaught plce", 10)),
        ["Connaught Place"]
    );
    assert_eq!(
        mains(&d.autocomplete("bengaluur", 10)),
        ["Bengaluru G.P.O."],
        "eight letters may be two off"
    );
    assert!(
        d.autocomplete("fxt", 10).is_empty(),
        "three letters must match"
    );
    assert!(
        d.autocomplete("bandra kolkata", 10).is_empty(),
        "every word must match"
    );
}

#[test]
fn too_little_typed_or_asked_gives_nothing() {
    let d = directory();
    assert!(d.autocomplete("b", 10).is_empty());
    assert!(d.autocomplete("  b ", 10).is_empty());
    assert!(d.autocomplete("bandra", 0).is_empty());
    assert_eq!(d.autocomplete("4", 10).len(), 0);
    assert_eq!(d.autocomplete("40", 2).len(), 2);
    assert!(d.autocomplete("mumbai", 50).len() <= MAX_SUGGESTIONS);
}

#[test]
fn a_place_has_the_wizards_parts() {
    let d = directory();
    let place = d.place("in-400001-bazargate").expect("place");
    assert_eq!(place.locality, "Bazargate");
    assert_eq!(place.city, "Mumbai");
    assert_eq!(place.state, "Maharashtra");
    assert_eq!(place.pincode, "400001");
    assert_eq!(place.country, "India");
    assert_eq!(
        place.formatted,
        "Bazargate, Mumbai, Maharashtra 400001, India"
    );
    assert_eq!(
        place.location,
        Some(LatLng {
            lat: 18.93519,
            lng: 72.83564
        })
    );
    let island = d.place("in-744101-port-blair").expect("place");
    assert_eq!(island.location, None);
    assert_eq!(island.state, "Andaman And Nicobar Islands");
    assert!(d.place("in-400001-nowhere").is_none());
    assert!(d.place("").is_none());
}

#[test]
fn the_nearest_office_to_a_point() {
    let d = directory();
    let near_gpo = d.nearest(18.9393, 72.8355).expect("near");
    assert_eq!(near_gpo.locality, "Mumbai GPO");
    let connaught = d.nearest(28.6331, 77.2190).expect("near");
    assert_eq!(connaught.pincode, "110001");
    assert!(d.nearest(51.5, -0.12).is_none(), "London has no pincode");
    assert!(d.nearest(f64::NAN, 72.8).is_none());
}

#[test]
fn a_bad_line_is_named() {
    for (text, problem) in [
        (
            "400001\tFort SO\tMUMBAI\tMAHARASHTRA\t1",
            "expected 6 tab-separated fields",
        ),
        (
            "40001\tFort SO\tMUMBAI\tMAHARASHTRA\t\t",
            "a pincode is six digits, the first 1 to 9",
        ),
        (
            "012345\tFort SO\tMUMBAI\tMAHARASHTRA\t\t",
            "a pincode is six digits, the first 1 to 9",
        ),
        (
            "400001\t \tMUMBAI\tMAHARASHTRA\t\t",
            "an office needs a name",
        ),
        (
            "400001\tFort SO\tMUMBAI\tMAHARASHTRA\t18.9\t72.8",
            "coordinates are whole numbers or both empty",
        ),
        (
            "400001\tFort SO\tMUMBAI\tMAHARASHTRA\t1893519\t",
            "coordinates are whole numbers or both empty",
        ),
    ] {
        assert_eq!(
            Directory::parse(&format!("{FIXTURE}{text}\n")).map(|d| d.len()),
            Err(ParseError { line: 10, problem }),
            "{text}"
        );
    }
}

proptest::proptest! {
    #[test]
    fn near_matching_is_symmetric_and_bounded(a in "[a-d]{0,9}", b in "[a-d]{0,9}", max in 0usize..3) {
        let near = text::distance_within(&a, &b, max);
        proptest::prop_assert_eq!(near, text::distance_within(&b, &a, max));
        if a == b {
            proptest::prop_assert!(near);
        }
        if a.len().abs_diff(b.len()) > max {
            proptest::prop_assert!(!near);
        }
        let mut changed = a.clone();
        changed.push('z');
        proptest::prop_assert!(text::distance_within(&a, &changed, 1));
        let (whole, start) = text::near(&a, &b, max);
        proptest::prop_assert!(!whole || start, "all of a word is a start of it");
        proptest::prop_assert!(text::near(&a, &format!("{a}{b}"), 0).1, "a word begun is a start");
    }
}

#[test]
fn of_places_named_alike_the_nearest_to_the_warehouse_comes_first() {
    // India Post has an Andheri in Himachal Pradesh, Gujarat and Mumbai; the file lists them by
    // pincode, so the Himachal one came first until nearness broke the tie.
    let d = Directory::parse(
        "\
173023\tAndheri BO\tSIRMAUR\tHIMACHAL PRADESH\t3059000\t7731000
389140\tAndheri BO\tDOHAD\tGUJARAT\t2283000\t7426000
400053\tAndheri SO\tMUMBAI SUBURBAN\tMAHARASHTRA\t1911900\t7284600
",
    )
    .expect("fixture");
    let pincodes: Vec<String> = d
        .autocomplete("andheri", 10)
        .into_iter()
        .map(|s| s.secondary_text)
        .collect();
    assert_eq!(
        pincodes,
        [
            "Mumbai Suburban, Maharashtra 400053",
            "Dohad, Gujarat 389140",
            "Sirmaur, Himachal Pradesh 173023",
        ]
    );
}
