//! The shipping simulator: books in memory and moves each shipment along a fixed timetable,
//! so the checkout, the order screens and their tests run with no courier account.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, TimeDelta, Utc};
use delivery::{DeliverySpeed, Pincode};

use crate::BoxFuture;
use crate::shipping::{
    Booking, ShipmentRequest, ShipmentStatus, Shipping, ShippingError, Tracking, TrackingEvent,
};

/// The sales channel every simulated order is filed under (001's `srChannelId`).
pub const SIMULATOR_CHANNEL_ID: u64 = 1;

/// How many bookings the simulator remembers; past that it forgets the oldest, and tracking
/// or cancelling one of those is [`ShippingError::NotFound`]. A long-running process stays
/// within a few megabytes.
pub const SIMULATOR_CAPACITY: usize = 10_000;

/// Who refuses, in the simulator's messages.
const SERVICE: &str = "the shipping simulator";

/// Where every parcel leaves from, in the simulated scans.
const WAREHOUSE: &str = "Mumbai warehouse (400001)";

/// An express shipment's timetable after booking (001 §9: delivered within the hour).
static EXPRESS_STEPS: [Step; 3] = [
    Step {
        after: TimeDelta::minutes(10),
        status: ShipmentStatus::Shipped,
        description: "Picked up by the rider",
    },
    Step {
        after: TimeDelta::minutes(30),
        status: ShipmentStatus::OutForDelivery,
        description: "Out for delivery",
    },
    Step {
        after: delivery::EXPRESS_LEAD_TIME,
        status: ShipmentStatus::Delivered,
        description: "Delivered",
    },
];

/// A standard shipment's timetable after booking (001 §9: now + 5 days).
static STANDARD_STEPS: [Step; 3] = [
    Step {
        after: TimeDelta::days(1),
        status: ShipmentStatus::Shipped,
        description: "Shipped",
    },
    Step {
        after: TimeDelta::days(4),
        status: ShipmentStatus::OutForDelivery,
        description: "Out for delivery",
    },
    Step {
        after: delivery::STANDARD_LEAD_TIME,
        status: ShipmentStatus::Delivered,
        description: "Delivered",
    },
];

/// One step of a timetable: the status a shipment reaches `after` its booking.
struct Step {
    after: TimeDelta,
    status: ShipmentStatus,
    description: &'static str,
}

fn steps(speed: DeliverySpeed) -> &'static [Step; 3] {
    match speed {
        DeliverySpeed::Express => &EXPRESS_STEPS,
        DeliverySpeed::Standard => &STANDARD_STEPS,
    }
}

/// What time it is, for the simulator's timetable.
type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// Ships in memory, as a courier that answers at once would:
///
/// - a booking gets the next ids of a counter (order id even, shipment id odd) and
///   [`SIMULATOR_CHANNEL_ID`], and is [`ShipmentStatus::Booked`] with the estimated delivery of
///   its speed (express 1 hour, standard 5 days);
/// - tracking moves it along with the time since booking: express Shipped at 10 minutes, Out
///   for Delivery at 30, Delivered at 60 (the 60-minute promise); standard Shipped after a day,
///   Out for Delivery after 4, Delivered after 5;
/// - it refuses ([`ShippingError::Refused`]) a shipment with no items, outside India, to a
///   pincode that is not six digits or that India Post does not assign, and express beyond
///   50 km of the warehouse (a rider's reach), so the checkout's fall-back to standard can be
///   seen working;
/// - cancelling works until the parcel has left the warehouse.
///
/// The counter starts from the clock's milliseconds × 1,000 (so a restarted process does not
/// hand out the ids of the one before, unless that one booked more than 500 shipments per
/// millisecond it ran), or from a given seed. At most [`SIMULATOR_CAPACITY`] bookings are kept.
pub struct SimulatedShipping {
    clock: Clock,
    capacity: usize,
    book: Mutex<Ledger>,
}

/// The bookings, by shipment id (ids grow, so the first is the oldest).
struct Ledger {
    next: u64,
    shipments: BTreeMap<u64, Simulated>,
    orders: HashMap<u64, u64>,
}

struct Simulated {
    order_ref: u64,
    speed: DeliverySpeed,
    booked_at: DateTime<Utc>,
    /// "City pincode", for the scans near the shopper.
    destination: String,
    cancelled_at: Option<DateTime<Utc>>,
}

impl SimulatedShipping {
    /// On the system clock, the counter seeded from it.
    pub fn new() -> Self {
        let seed = u64::try_from(system_now().timestamp_millis())
            .unwrap_or_default()
            .saturating_mul(1_000);
        Self::with_clock(seed, system_now)
    }

    /// With the ids counting from `seed` and the time read from `clock`: tests pin both.
    pub fn with_clock(
        seed: u64,
        clock: impl Fn() -> DateTime<Utc> + Send + Sync + 'static,
    ) -> Self {
        Self {
            clock: Arc::new(clock),
            capacity: SIMULATOR_CAPACITY,
            book: Mutex::new(Ledger {
                next: seed,
                shipments: BTreeMap::new(),
                orders: HashMap::new(),
            }),
        }
    }

    /// Remembers at most `capacity` bookings (at least one) instead of [`SIMULATOR_CAPACITY`].
    pub fn with_capacity(mut self, capacity: usize) -> Self {
        self.capacity = capacity.max(1);
        self
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        // Every change to the ledger is complete before its lock is released, so a panic
        // elsewhere while holding it leaves nothing half-written.
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn place(&self, shipment: &ShipmentRequest) -> Result<Booking, ShippingError> {
        let pincode = servable(shipment)?;
        let now = (self.clock)();
        let mut ledger = self.ledger();
        let order_ref = ledger.next;
        let shipment_id = order_ref.wrapping_add(1);
        ledger.next = ledger.next.wrapping_add(2);
        while ledger.shipments.len() >= self.capacity {
            let Some((_, oldest)) = ledger.shipments.pop_first() else {
                break;
            };
            ledger.orders.remove(&oldest.order_ref);
        }
        ledger.shipments.insert(
            shipment_id,
            Simulated {
                order_ref,
                speed: shipment.speed,
                booked_at: now,
                destination: format!("{} {pincode}", shipment.customer.city.trim()),
                cancelled_at: None,
            },
        );
        ledger.orders.insert(order_ref, shipment_id);
        Ok(Booking {
            shipment_id,
            order_ref,
            channel_id: Some(SIMULATOR_CHANNEL_ID),
            awb: None,
            courier: None,
            status: ShipmentStatus::Booked,
            estimated_delivery: Some(shipment.speed.estimated_delivery(now)),
        })
    }

    fn follow(&self, shipment_id: u64) -> Result<Tracking, ShippingError> {
        let now = (self.clock)();
        let ledger = self.ledger();
        let shipment = ledger
            .shipments
            .get(&shipment_id)
            .ok_or(ShippingError::NotFound)?;
        Ok(shipment.tracking(now))
    }

    fn withdraw(&self, order_ref: u64) -> Result<(), ShippingError> {
        let now = (self.clock)();
        let mut ledger = self.ledger();
        let shipment_id = *ledger
            .orders
            .get(&order_ref)
            .ok_or(ShippingError::NotFound)?;
        let shipment = ledger
            .shipments
            .get_mut(&shipment_id)
            .ok_or(ShippingError::NotFound)?;
        if shipment.cancelled_at.is_some() {
            return Ok(());
        }
        let status = shipment.tracking(now).status;
        if status.has_left() {
            return Err(refused(format!(
                "order {order_ref} can no longer be cancelled: it is {status}"
            )));
        }
        shipment.cancelled_at = Some(now);
        Ok(())
    }
}

impl Simulated {
    /// Where the timetable has got to at `now`.
    fn tracking(&self, now: DateTime<Utc>) -> Tracking {
        let booked = TrackingEvent {
            at: Some(self.booked_at),
            status: ShipmentStatus::Booked,
            description: "Shipment booked".to_owned(),
            location: WAREHOUSE.to_owned(),
        };
        let estimated = self.speed.estimated_delivery(self.booked_at);
        let mut events = vec![booked];
        match self.cancelled_at {
            Some(at) => events.push(TrackingEvent {
                at: Some(at),
                status: ShipmentStatus::Cancelled,
                description: "Cancelled".to_owned(),
                location: WAREHOUSE.to_owned(),
            }),
            None => {
                for step in steps(self.speed) {
                    let at = self.booked_at + step.after;
                    if at > now {
                        break;
                    }
                    let near_shopper = matches!(
                        step.status,
                        ShipmentStatus::OutForDelivery | ShipmentStatus::Delivered
                    );
                    events.push(TrackingEvent {
                        at: Some(at),
                        status: step.status.clone(),
                        description: step.description.to_owned(),
                        location: if near_shopper {
                            self.destination.clone()
                        } else {
                            WAREHOUSE.to_owned()
                        },
                    });
                }
            }
        }
        // Newest first, as couriers list their scans.
        events.reverse();
        let (status, updated_at) = events
            .first()
            .map(|latest| (latest.status.clone(), latest.at))
            .unwrap_or((ShipmentStatus::Booked, Some(self.booked_at)));
        Tracking {
            estimated_delivery: self.cancelled_at.is_none().then_some(estimated),
            status,
            updated_at,
            events,
        }
    }
}

/// The time now (chrono's `clock` feature is not built; the standard library's clock is the
/// same one).
fn system_now() -> DateTime<Utc> {
    DateTime::<Utc>::from(std::time::SystemTime::now())
}

/// The shipment's pincode, or why the simulated courier cannot carry it.
fn servable(shipment: &ShipmentRequest) -> Result<Pincode, ShippingError> {
    if shipment.items.is_empty() {
        return Err(refused("a shipment needs at least one item".to_owned()));
    }
    let country = shipment.customer.country.trim();
    if !(country.eq_ignore_ascii_case("India") || country.eq_ignore_ascii_case("IN")) {
        return Err(refused(format!(
            "ships within India only, not to {country:?}"
        )));
    }
    let text = shipment.customer.pincode.trim();
    let pincode =
        Pincode::parse(text).map_err(|e| refused(format!("{text:?} is not a pincode ({e})")))?;
    if delivery::postal_circle(pincode).is_none() {
        return Err(refused(format!(
            "no courier serves pincode {pincode}: India Post assigns no pincodes starting {}",
            pincode.circle_prefix()
        )));
    }
    if shipment.speed == DeliverySpeed::Express && !delivery::express_available(pincode) {
        return Err(refused(format!(
            "express delivery reaches pincodes within {} km of the warehouse ({}); {pincode} is \
             about {} km away",
            delivery::EXPRESS_MAX_DISTANCE_KM,
            delivery::WAREHOUSE_PINCODE,
            delivery::distance_from_warehouse(pincode)
        )));
    }
    Ok(pincode)
}

fn refused(message: String) -> ShippingError {
    ShippingError::Refused {
        service: SERVICE.to_owned(),
        status: None,
        message,
    }
}

impl Default for SimulatedShipping {
    fn default() -> Self {
        Self::new()
    }
}

/// How many bookings it holds, not what they are.
impl fmt::Debug for SimulatedShipping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SimulatedShipping")
            .field("bookings", &self.ledger().shipments.len())
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}

impl Shipping for SimulatedShipping {
    fn book<'a>(
        &'a self,
        shipment: &'a ShipmentRequest,
    ) -> BoxFuture<'a, Result<Booking, ShippingError>> {
        Box::pin(std::future::ready(self.place(shipment)))
    }

    fn track(&self, shipment_id: u64) -> BoxFuture<'_, Result<Tracking, ShippingError>> {
        Box::pin(std::future::ready(self.follow(shipment_id)))
    }

    fn cancel(&self, order_ref: u64) -> BoxFuture<'_, Result<(), ShippingError>> {
        Box::pin(std::future::ready(self.withdraw(order_ref)))
    }

    fn describe(&self) -> String {
        "simulator (in memory: express delivered 60 min after booking, standard in 5 days)"
            .to_owned()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicI64, Ordering};

    use chrono::TimeZone;

    use super::*;
    use crate::shipping::{Customer, Parcel, PaymentMethod, ShipmentItem};

    fn start() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 10, 0, 0)
            .single()
            .expect("a valid time")
    }

    /// A simulator whose clock the test moves, in seconds after [`start`].
    fn simulator() -> (SimulatedShipping, Arc<AtomicI64>) {
        let offset = Arc::new(AtomicI64::new(0));
        let seconds = Arc::clone(&offset);
        let simulator = SimulatedShipping::with_clock(1_000, move || {
            start() + TimeDelta::seconds(seconds.load(Ordering::SeqCst))
        });
        (simulator, offset)
    }

    fn request(pincode: &str, speed: DeliverySpeed) -> ShipmentRequest {
        ShipmentRequest {
            order_id: "0190f1a2-0000-7000-8000-000000000001".to_owned(),
            order_date: start(),
            speed,
            pickup_location: None,
            customer: Customer {
                name: "Asha Rao".to_owned(),
                phone: "9876543210".to_owned(),
                email: "asha@gmail.com".to_owned(),
                address: "Flat 4, Sea View".to_owned(),
                address_2: "Marine Drive".to_owned(),
                city: "Mumbai".to_owned(),
                pincode: pincode.to_owned(),
                state: "Maharashtra".to_owned(),
                country: "India".to_owned(),
            },
            items: vec![ShipmentItem {
                name: "Linen shirt".to_owned(),
                sku: "p-1".to_owned(),
                units: 1,
                selling_price_paise: 129_900,
            }],
            sub_total_paise: 129_900,
            payment: PaymentMethod::Prepaid,
            parcel: Parcel::default(),
        }
    }

    fn book(simulator: &SimulatedShipping, shipment: &ShipmentRequest) -> Booking {
        simulator.place(shipment).expect("booked")
    }

    #[test]
    fn express_follows_the_sixty_minute_timetable() {
        let (simulator, clock) = simulator();
        let booking = book(&simulator, &request("400050", DeliverySpeed::Express));
        assert_eq!(
            (
                booking.order_ref,
                booking.shipment_id,
                booking.channel_id,
                &booking.status
            ),
            (
                1_000,
                1_001,
                Some(SIMULATOR_CHANNEL_ID),
                &ShipmentStatus::Booked
            )
        );
        assert_eq!(
            booking.estimated_delivery,
            Some(start() + TimeDelta::hours(1))
        );
        let cases = [
            (0, ShipmentStatus::Booked, 1),
            (9 * 60 + 59, ShipmentStatus::Booked, 1),
            (10 * 60, ShipmentStatus::Shipped, 2),
            (29 * 60, ShipmentStatus::Shipped, 2),
            (30 * 60, ShipmentStatus::OutForDelivery, 3),
            (59 * 60 + 59, ShipmentStatus::OutForDelivery, 3),
            (60 * 60, ShipmentStatus::Delivered, 4),
            (3 * 24 * 60 * 60, ShipmentStatus::Delivered, 4),
        ];
        for (seconds, status, events) in cases {
            clock.store(seconds, Ordering::SeqCst);
            let tracking = simulator.follow(booking.shipment_id).expect("known");
            assert_eq!(tracking.status, status, "at {seconds} s");
            assert_eq!(tracking.events.len(), events, "at {seconds} s");
            assert_eq!(tracking.events[0].status, status, "newest first");
            assert_eq!(tracking.updated_at, tracking.events[0].at);
        }
        let delivered = simulator.follow(booking.shipment_id).expect("known");
        assert_eq!(
            delivered
                .events
                .iter()
                .map(|e| (e.status.clone(), e.at, e.location.as_str()))
                .collect::<Vec<_>>(),
            [
                (
                    ShipmentStatus::Delivered,
                    Some(start() + TimeDelta::minutes(60)),
                    "Mumbai 400050"
                ),
                (
                    ShipmentStatus::OutForDelivery,
                    Some(start() + TimeDelta::minutes(30)),
                    "Mumbai 400050"
                ),
                (
                    ShipmentStatus::Shipped,
                    Some(start() + TimeDelta::minutes(10)),
                    WAREHOUSE
                ),
                (ShipmentStatus::Booked, Some(start()), WAREHOUSE),
            ]
        );
    }

    #[test]
    fn standard_takes_days() {
        let (simulator, clock) = simulator();
        let booking = book(&simulator, &request("110001", DeliverySpeed::Standard));
        assert_eq!(
            booking.estimated_delivery,
            Some(start() + TimeDelta::days(5))
        );
        let day = 24 * 60 * 60;
        let cases = [
            (60 * 60, ShipmentStatus::Booked),
            (day, ShipmentStatus::Shipped),
            (4 * day, ShipmentStatus::OutForDelivery),
            (5 * day - 1, ShipmentStatus::OutForDelivery),
            (5 * day, ShipmentStatus::Delivered),
        ];
        for (seconds, status) in cases {
            clock.store(seconds, Ordering::SeqCst);
            assert_eq!(
                simulator.follow(booking.shipment_id).expect("known").status,
                status,
                "at {seconds} s"
            );
        }
    }

    #[test]
    fn ids_are_unique_and_distinct_per_kind() {
        let (simulator, _) = simulator();
        let first = book(&simulator, &request("400001", DeliverySpeed::Standard));
        let second = book(&simulator, &request("400001", DeliverySpeed::Standard));
        assert_eq!(
            [
                first.order_ref,
                first.shipment_id,
                second.order_ref,
                second.shipment_id
            ],
            [1_000, 1_001, 1_002, 1_003]
        );
        // A shipment id is not an order id, and the other way round.
        assert!(matches!(
            simulator.follow(first.order_ref),
            Err(ShippingError::NotFound)
        ));
        assert!(matches!(
            simulator.withdraw(first.shipment_id),
            Err(ShippingError::NotFound)
        ));
        let seeded = SimulatedShipping::new();
        let booking = book(&seeded, &request("400001", DeliverySpeed::Standard));
        assert!(booking.order_ref > 1_700_000_000_000_000, "{booking:?}");
    }

    #[test]
    fn what_the_simulated_courier_refuses() {
        let (simulator, _) = simulator();
        let mut abroad = request("400001", DeliverySpeed::Standard);
        abroad.customer.country = "Nepal".to_owned();
        let mut empty = request("400001", DeliverySpeed::Standard);
        empty.items.clear();
        let cases = [
            (
                request("40001", DeliverySpeed::Standard),
                "is not a pincode",
            ),
            (
                request("040001", DeliverySpeed::Standard),
                "is not a pincode",
            ),
            (
                request("abcdef", DeliverySpeed::Standard),
                "is not a pincode",
            ),
            (
                request("290001", DeliverySpeed::Standard),
                "assigns no pincodes starting 29",
            ),
            (request("110001", DeliverySpeed::Express), "within 50 km"),
            (abroad, "within India only"),
            (empty, "at least one item"),
        ];
        for (shipment, expected) in cases {
            let error = simulator.place(&shipment).expect_err(expected);
            assert!(
                matches!(error, ShippingError::Refused { status: None, .. }),
                "{error:?}"
            );
            let message = error.to_string();
            assert!(
                message.starts_with("the shipping simulator refused: "),
                "{message}"
            );
            assert!(message.contains(expected), "{message}");
        }
        // Within 50 km, express is booked; the edge of the range too.
        book(&simulator, &request("405001", DeliverySpeed::Express));
        book(&simulator, &request(" 400050 ", DeliverySpeed::Express));
        assert_eq!(
            simulator.ledger().shipments.len(),
            2,
            "nothing refused was kept"
        );
    }

    #[test]
    fn cancelling_works_until_the_parcel_leaves() {
        let (simulator, clock) = simulator();
        let kept = book(&simulator, &request("400001", DeliverySpeed::Express));
        let cancelled = book(&simulator, &request("400001", DeliverySpeed::Express));
        clock.store(5 * 60, Ordering::SeqCst);
        simulator.withdraw(cancelled.order_ref).expect("still here");
        simulator
            .withdraw(cancelled.order_ref)
            .expect("already cancelled");
        clock.store(2 * 60 * 60, Ordering::SeqCst);
        let tracking = simulator.follow(cancelled.shipment_id).expect("known");
        assert_eq!(tracking.status, ShipmentStatus::Cancelled);
        assert_eq!(tracking.updated_at, Some(start() + TimeDelta::minutes(5)));
        assert_eq!(tracking.estimated_delivery, None);
        assert_eq!(tracking.events.len(), 2);

        let error = simulator.withdraw(kept.order_ref).expect_err("delivered");
        assert!(matches!(error, ShippingError::Refused { .. }), "{error:?}");
        assert!(error.to_string().contains("it is Delivered"), "{error}");
        assert!(matches!(
            simulator.withdraw(42),
            Err(ShippingError::NotFound)
        ));
    }

    #[test]
    fn only_the_newest_bookings_are_kept() {
        let (simulator, _) = simulator();
        let simulator = simulator.with_capacity(2);
        let bookings: Vec<Booking> = (0..3)
            .map(|_| book(&simulator, &request("400001", DeliverySpeed::Standard)))
            .collect();
        assert!(matches!(
            simulator.follow(bookings[0].shipment_id),
            Err(ShippingError::NotFound)
        ));
        assert!(matches!(
            simulator.withdraw(bookings[0].order_ref),
            Err(ShippingError::NotFound)
        ));
        for booking in &bookings[1..] {
            simulator.follow(booking.shipment_id).expect("kept");
        }
        let ledger = simulator.ledger();
        assert_eq!((ledger.shipments.len(), ledger.orders.len()), (2, 2));
        drop(ledger);
        assert_eq!(
            format!("{simulator:?}"),
            "SimulatedShipping { bookings: 2, capacity: 2, .. }"
        );
    }
}
