use chrono::{DateTime, TimeZone, Utc};
use proptest::prelude::*;

use super::*;

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).single().unwrap()
}

fn month(text: &str) -> Month {
    text.parse().unwrap()
}

fn sale(id: &str, at: DateTime<Utc>, total: i64) -> Sale {
    Sale {
        order_id: id.to_owned(),
        placed_at: at,
        total,
    }
}

fn refund(id: &str, placed: DateTime<Utc>, done: DateTime<Utc>, amount: i64) -> Refund {
    Refund {
        order_id: id.to_owned(),
        placed_at: placed,
        completed_at: done,
        amount,
    }
}

#[test]
fn months_parse_strictly() {
    for (text, ok) in [
        ("2026-11", true),
        ("1970-01", true),
        ("9999-12", true),
        ("2026-1", false),
        ("2026-13", false),
        ("2026-00", false),
        ("1969-12", false),
        ("2026/11", false),
        ("2026-11-01", false),
        ("+202-11", false),
        ("", false),
        ("２０２６-11", false),
    ] {
        assert_eq!(text.parse::<Month>().is_ok(), ok, "{text}");
    }
    assert_eq!(month("2026-03").to_string(), "2026-03");
}

#[test]
fn months_are_ist() {
    // 2026-11-30 18:29 UTC is 23:59 IST on the 30th; 18:30 UTC is midnight of December 1st.
    assert_eq!(Month::of(utc(2026, 11, 30, 18, 29)), month("2026-11"));
    assert_eq!(Month::of(utc(2026, 11, 30, 18, 30)), month("2026-12"));
    assert_eq!(month("2026-12").starts_at(), utc(2026, 11, 30, 18, 30));
    assert_eq!(month("2026-12").ends_at(), utc(2026, 12, 31, 18, 30));
    assert_eq!(month("2026-12").next(), month("2027-01"));
    assert_eq!(month("2027-01").prev(), month("2026-12"));
    assert!(month("2026-11").contains(utc(2026, 10, 31, 18, 30)));
    assert!(!month("2026-11").contains(utc(2026, 10, 31, 18, 29)));
}

#[test]
fn statuses_follow_the_month_end() {
    let nov = month("2026-11");
    assert_eq!(
        Status::of(nov, utc(2026, 11, 30, 18, 29), false),
        Status::Open
    );
    assert_eq!(
        Status::of(nov, utc(2026, 11, 30, 18, 30), false),
        Status::Due
    );
    assert_eq!(Status::of(nov, utc(2026, 12, 5, 0, 0), true), Status::Paid);
}

#[test]
fn rates_are_percentages_with_two_decimals() {
    for (percent, bp) in [
        (0.0, Ok(0)),
        (12.5, Ok(1250)),
        (10.01, Ok(1001)),
        (50.0, Ok(5000)),
        (0.07, Ok(7)),
        (50.01, Err(RateError::OutOfRange)),
        (-1.0, Err(RateError::OutOfRange)),
        (f64::NAN, Err(RateError::OutOfRange)),
        (12.345, Err(RateError::TooPrecise)),
    ] {
        assert_eq!(Rate::from_percent(percent).map(Rate::bp), bp, "{percent}");
    }
    assert_eq!(Rate::from_bp(1250).unwrap().percent(), 12.5);
    assert!(Rate::from_bp(5001).is_err());
    assert!(Rate::from_bp(-1).is_err());
}

#[test]
fn commission_rounds_half_away_from_zero() {
    let rate = |bp| Rate::from_bp(bp).unwrap();
    for (paise, bp, expected) in [
        (100_000, 1000, 10_000), // ₹1,000 at 10%: ₹100
        (12_345, 1000, 1_235),   // 1234.5 paise: up
        (12_344, 1000, 1_234),   // 1234.4: down
        (-12_345, 1000, -1_235), // a refund gives back what was charged
        (1, 5000, 1),            // half a paise: up
        (-1, 5000, -1),
        (99_999, 1, 10), // 9.9999 paise
        (0, 5000, 0),
        (123_456, 0, 0),
    ] {
        assert_eq!(commission(paise, rate(bp)), expected, "{paise} at {bp} bp");
    }
}

#[test]
fn a_month_sums_its_orders_and_refunds() {
    let nov = month("2026-11");
    let rate = Rate::from_bp(1000).unwrap();
    let a = utc(2026, 11, 3, 10, 0);
    let b = utc(2026, 11, 20, 10, 0);
    let oct = utc(2026, 10, 20, 10, 0);
    let sales = [
        sale("a", a, 129_900),
        sale("b", b, 50_050),
        sale("old", oct, 70_000),
        sale("dec", utc(2026, 12, 2, 0, 0), 99_900),
    ];
    let refunds = [
        // b refunded in its own month; old's refund completes in November: carried in.
        refund("b", b, utc(2026, 11, 25, 0, 0), 50_050),
        refund("old", oct, utc(2026, 11, 4, 0, 0), 70_000),
    ];
    let s = Statement::of(nov, rate, 0, &sales, &refunds);
    assert_eq!(
        s.lines
            .iter()
            .map(|l| l.order_id.as_str())
            .collect::<Vec<_>>(),
        ["old", "a", "b"]
    );
    assert_eq!(s.gross, 179_950);
    assert_eq!(s.refunds, 120_050);
    // a: 12990; b: 0; old: −7000.
    assert_eq!(
        s.lines.iter().map(|l| l.commission).collect::<Vec<_>>(),
        [-7_000, 12_990, 0]
    );
    assert_eq!(s.commission, 5_990);
    assert_eq!(s.payout, 179_950 - 120_050 - 5_990);
    assert_eq!(s.carried_out, 0);
    let csv = s.to_csv();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "orderId,placedAt,total,refunded,commission,net");
    assert_eq!(
        rows[1],
        "old,2026-10-20T10:00:00Z,0.00,700.00,-70.00,-630.00"
    );
    assert_eq!(
        rows[2],
        "a,2026-11-03T10:00:00Z,1299.00,0.00,129.90,1169.10"
    );
    assert_eq!(rows[4], "Total,,1799.50,1200.50,59.90,539.10");
    assert_eq!(rows.len(), 5);
}

#[test]
fn refunds_beyond_sales_carry_forward() {
    let rate = Rate::from_bp(1000).unwrap();
    let oct_at = utc(2026, 10, 10, 0, 0);
    let sales = [
        sale("big", oct_at, 100_000),
        sale("small", utc(2026, 11, 10, 0, 0), 30_000),
        sale("dec", utc(2026, 12, 10, 0, 0), 100_000),
    ];
    let refunds = [refund("big", oct_at, utc(2026, 11, 12, 0, 0), 100_000)];
    let nov = Statement::through(
        month("2026-10"),
        month("2026-11"),
        rate,
        0,
        &sales,
        &refunds,
    );
    // 30000 − 100000 − (3000 − 10000) = −63000: nothing paid, 63000 carried.
    assert_eq!(nov.commission, -7_000);
    assert_eq!((nov.payout, nov.carried_out), (0, 63_000));
    let dec = Statement::through(
        month("2026-10"),
        month("2026-12"),
        rate,
        0,
        &sales,
        &refunds,
    );
    assert_eq!(dec.carried_in, 63_000);
    assert_eq!(dec.payout, 100_000 - 10_000 - 63_000);
    // Starting from a frozen carry gives the same.
    let from_frozen = Statement::through(
        month("2026-12"),
        month("2026-12"),
        rate,
        63_000,
        &sales,
        &refunds,
    );
    assert_eq!(from_frozen, dec);
    // A month far ahead folds only the months with activity, and owes what November left
    // once December paid it off.
    let far = Statement::through(
        month("2026-10"),
        month("9999-12"),
        rate,
        0,
        &sales,
        &refunds,
    );
    assert_eq!((far.carried_in, far.payout, far.gross), (0, 0, 0));
    let only_nov = Statement::through(
        month("2026-10"),
        month("2030-01"),
        rate,
        0,
        &sales[..2],
        &refunds,
    );
    assert_eq!(
        (only_nov.carried_in, only_nov.carried_out),
        (63_000, 63_000)
    );
}

#[test]
fn rupees_show_two_decimals() {
    for (paise, text) in [
        (0, "0.00"),
        (5, "0.05"),
        (129_900, "1299.00"),
        (-1_250, "-12.50"),
        (i64::MIN, "-92233720368547758.08"),
    ] {
        assert_eq!(rupees(paise), text);
    }
}

#[test]
fn csv_fields_are_guarded() {
    assert_eq!(csv_field("=cmd()"), "'=cmd()");
    assert_eq!(csv_field("a,b"), "\"a,b\"");
    assert_eq!(csv_field("say \"hi\","), "\"say \"\"hi\"\",\"");
}

fn at(minutes: i64) -> DateTime<Utc> {
    // Minutes from 2026-01-01 00:00 UTC, across about four months.
    utc(2026, 1, 1, 0, 0) + chrono::TimeDelta::minutes(minutes)
}

prop_compose! {
    fn history()(orders in prop::collection::vec(
        (0i64..170_000, 0i64..5_000_000, prop::option::of(0i64..170_000)), 0..30)
    ) -> (Vec<Sale>, Vec<Refund>) {
        let mut sales = Vec::new();
        let mut refunds = Vec::new();
        for (i, (placed, total, refund_after)) in orders.into_iter().enumerate() {
            let id = format!("o{i:03}");
            sales.push(sale(&id, at(placed), total));
            if let Some(after) = refund_after {
                refunds.push(refund(&id, at(placed), at(placed + after), total));
            }
        }
        (sales, refunds)
    }
}

proptest! {
    #[test]
    fn commission_is_the_nearest_paise(paise in -10_000_000_000i64..10_000_000_000, bp in 0i64..=5000) {
        let rate = Rate::from_bp(bp).unwrap();
        let c = commission(paise, rate);
        let exact = i128::from(paise) * i128::from(bp);
        // |c − exact/10000| ≤ 1/2, ties away from zero.
        let diff = i128::from(c) * 10_000 - exact;
        prop_assert!(diff.abs() <= 5_000);
        prop_assert_eq!(commission(-paise, rate), -c);
    }

    #[test]
    fn a_statement_adds_up(
        (sales, refunds) in history(),
        bp in 0i64..=5000,
        carried_in in 0i64..1_000_000,
        m in 0u32..5,
    ) {
        let rate = Rate::from_bp(bp).unwrap();
        let month = Month::new(2026, 1 + m).unwrap();
        let s = Statement::of(month, rate, carried_in, &sales, &refunds);
        prop_assert_eq!(s.gross, s.lines.iter().map(|l| l.total).sum::<i64>());
        prop_assert_eq!(s.refunds, s.lines.iter().map(|l| l.refunded).sum::<i64>());
        prop_assert_eq!(s.commission, s.lines.iter().map(|l| l.commission).sum::<i64>());
        prop_assert_eq!(
            s.payout - s.carried_out,
            s.gross - s.refunds - s.commission - carried_in
        );
        prop_assert!(s.payout >= 0 && s.carried_out >= 0);
        prop_assert!(s.payout == 0 || s.carried_out == 0);
        let in_month = sales.iter().filter(|x| month.contains(x.placed_at)).map(|x| x.total).sum::<i64>();
        prop_assert_eq!(s.gross, in_month);
    }

    #[test]
    fn money_is_conserved_across_months(
        (sales, refunds) in history(),
        bp in 0i64..=5000,
    ) {
        // Over every month of the history, what is paid less what is still owed is what was
        // sold less what was refunded less the commission: no paise appear or vanish.
        let rate = Rate::from_bp(bp).unwrap();
        let first = Month::new(2026, 1).unwrap();
        let mut carry = 0;
        let (mut paid, mut sold, mut refunded, mut charged) = (0i64, 0i64, 0i64, 0i64);
        let mut month = first;
        while month <= Month::new(2026, 9).unwrap() {
            let s = Statement::of(month, rate, carry, &sales, &refunds);
            paid += s.payout;
            sold += s.gross;
            refunded += s.refunds;
            charged += s.commission;
            carry = s.carried_out;
            prop_assert_eq!(
                &Statement::through(first, month, rate, 0, &sales, &refunds),
                &s
            );
            month = month.next();
        }
        prop_assert_eq!(sold, sales.iter().map(|s| s.total).sum::<i64>());
        prop_assert_eq!(refunded, refunds.iter().map(|r| r.amount).sum::<i64>());
        prop_assert_eq!(paid - carry, sold - refunded - charged);
        // An order refunded in full gives back exactly the commission it was charged.
        let kept: i64 = sales
            .iter()
            .filter(|s| !refunds.iter().any(|r| r.order_id == s.order_id))
            .map(|s| commission(s.total, rate))
            .sum();
        prop_assert_eq!(charged, kept);
    }
}
