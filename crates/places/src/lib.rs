//! # places: the embedded India address directory
//!
//! Every Indian post office with its pincode, district, state and coordinates (India Post's
//! directory, derived into `data/india-places.tsv.gz` of this crate by
//! `cargo xtask derive-places`; see NOTICE for its licence). The address wizard asks three things of it (001 §3, §7):
//!
//! - [`Directory::autocomplete`]: suggestions for what the shopper typed, from 2 characters, by
//!   locality (post office), district or pincode, forgiving a typo or two like product search;
//! - [`Directory::place`]: a suggestion's address parts as the wizard's parsed place (city,
//!   state, pincode, country India, formatted text, coordinates);
//! - [`Directory::nearest`]: the place nearest a latitude and longitude (the login sheet's
//!   "detect my location").
//!
//! ## The file
//!
//! One post office a line, tab-separated, sorted by pincode then name:
//! `pincode, office name, district, state, latitude × 100000, longitude × 100000`; the
//! coordinates are empty where India Post's are missing or suspect.
//!
//! ## What it must never import
//!
//! No I/O and no clock: the caller hands over the file's text. Never diesel, actix, reqwest,
//! tokio, and no other pure crate.

mod text;

use std::collections::HashMap;

use text::{Match, Token, display_case, locality, near, tokens};

/// The least a query is searched for: the wizard asks from 2 characters on.
pub const MIN_QUERY_CHARS: usize = 2;
/// The most suggestions an answer holds.
pub const MAX_SUGGESTIONS: usize = 10;

/// A line of the file that could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line} of the places file: {problem}")]
pub struct ParseError {
    pub line: usize,
    pub problem: &'static str,
}

/// One post office.
#[derive(Clone, Debug, PartialEq)]
struct Office {
    pincode: u32,
    /// Its locality as shoppers name it: the office name without India Post's type suffix.
    locality: String,
    district: u16,
    state: u16,
    /// Degrees × 100000.
    at: Option<(i32, i32)>,
}

/// How well an office matched what was typed, best first: its worst word's match, whether
/// that word was only its district's, then how many words were near misses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    worst: Match,
    district_only: bool,
    near_misses: usize,
}

impl Rank {
    fn of(word: Match, in_locality: bool) -> Self {
        Self {
            worst: word,
            district_only: !in_locality,
            near_misses: usize::from(word == Match::Near),
        }
    }

    /// The rank of an office matching two words with these ranks.
    fn and(self, other: Self) -> Self {
        let worse = if (other.worst, other.district_only) > (self.worst, self.district_only) {
            other
        } else {
            self
        };
        Self {
            near_misses: self.near_misses + other.near_misses,
            ..worse
        }
    }
}

// A suggestion for what was typed: the one shape from this directory (or another address
// service's adapter) to the API's answer. The directory's place id is stable across loads of
// the same file (`in-<pincode>-<locality key>`), its main text the locality, its secondary text
// the district, state and pincode. Doc comments here are the contract's schema descriptions.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Prediction {
    /// Pass it to `GET /api/places/{placeId}`.
    pub place_id: String,
    /// "Fort"
    pub main_text: String,
    /// "Mumbai, Maharashtra 400001"
    pub secondary_text: String,
    /// "Fort, Mumbai, Maharashtra 400001"
    pub description: String,
}

/// An address's parts, as the wizard fills its fields.
// The one shape of a place from this directory (or another address service's adapter) to the
// API's answer (001 "Parsed place"): a part the service does not know is empty. The directory's
// city is the district, which India Post gives where a map gives the city. Doc comments here are
// the contract's schema descriptions.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ParsedPlace))]
#[serde(rename_all = "camelCase")]
pub struct Place {
    pub place_id: String,
    /// The locality (post office area or neighbourhood), for the street or searched-address
    /// line.
    pub locality: String,
    pub city: String,
    pub state: String,
    /// Six digits; empty when Google's place has none (the shopper types it).
    pub pincode: String,
    /// "India" for every place the search suggests (it searches India only).
    pub country: String,
    /// "Fort, Mumbai, Maharashtra 400001, India"
    pub formatted: String,
    /// Where the place is, when the service knows.
    pub location: Option<LatLng>,
}

// A point, in degrees. (No doc comment: the contract's `Location` schema has no description.)
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Location))]
pub struct LatLng {
    pub lat: f64,
    pub lng: f64,
}

/// The whole directory, indexed for search.
#[derive(Debug, Default)]
pub struct Directory {
    offices: Vec<Office>,
    districts: Vec<String>,
    states: Vec<String>,
    /// Every distinct word of a locality or district, sorted, with the offices carrying it and
    /// whether the word is in the office's locality (else only in its district).
    words: Vec<(String, Vec<(u32, bool)>)>,
    /// Place id -> office.
    by_id: HashMap<String, u32>,
}

impl Directory {
    /// Reads the file's text (see the crate docs for its lines).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut directory = Self::default();
        let mut districts: HashMap<String, u16> = HashMap::new();
        let mut states: HashMap<String, u16> = HashMap::new();
        let number = |names: &mut HashMap<String, u16>, list: &mut Vec<String>, name: &str| {
            *names.entry(name.to_owned()).or_insert_with(|| {
                list.push(display_case(name));
                u16::try_from(list.len() - 1).unwrap_or(u16::MAX)
            })
        };
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty()) {
            let fail = |problem| ParseError {
                line: n + 1,
                problem,
            };
            let fields: Vec<&str> = line.split('\t').collect();
            let [pincode, office, district, state, lat, lon] = fields[..] else {
                return Err(fail("expected 6 tab-separated fields"));
            };
            let pincode: u32 = pincode
                .parse()
                .ok()
                .filter(|p| (100_000..1_000_000).contains(p))
                .ok_or_else(|| fail("a pincode is six digits, the first 1 to 9"))?;
            let locality = locality(office);
            if locality.is_empty() {
                return Err(fail("an office needs a name"));
            }
            let at = match (lat, lon) {
                ("", "") => None,
                (lat, lon) => Some(
                    lat.parse::<i32>()
                        .ok()
                        .zip(lon.parse::<i32>().ok())
                        .ok_or_else(|| fail("coordinates are whole numbers or both empty"))?,
                ),
            };
            let district = number(&mut districts, &mut directory.districts, district);
            let state = number(&mut states, &mut directory.states, state);
            directory.offices.push(Office {
                pincode,
                locality,
                district,
                state,
                at,
            });
        }
        directory.index();
        Ok(directory)
    }

    fn index(&mut self) {
        let mut words: HashMap<String, Vec<(u32, bool)>> = HashMap::new();
        for (i, office) in self.offices.iter().enumerate() {
            let i = i as u32;
            let district = &self.districts[usize::from(office.district)];
            // A word in the locality sorts before the same word in the district only.
            let mut seen: Vec<(String, bool)> = tokens(&office.locality)
                .map(|t| (t.0, true))
                .chain(tokens(district).map(|t| (t.0, false)))
                .collect();
            seen.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
            seen.dedup_by(|a, b| a.0 == b.0);
            for (word, in_locality) in seen {
                words.entry(word).or_default().push((i, in_locality));
            }
            let id = place_id(office);
            self.by_id.entry(id).or_insert(i);
        }
        self.words = words.into_iter().collect();
        self.words.sort_by(|a, b| a.0.cmp(&b.0));
    }

    /// How many post offices the directory holds.
    pub fn len(&self) -> usize {
        self.offices.len()
    }

    pub fn is_empty(&self) -> bool {
        self.offices.is_empty()
    }

    /// Up to `limit` (at most [`MAX_SUGGESTIONS`]) suggestions for `query`: by pincode when it
    /// is digits (a prefix of one), else every word typed must be a locality's or its
    /// district's (the last may be the start of one; a word of 4 or more letters may be one
    /// letter off, of 8 or more two). Exact words rank first, then words begun, then near
    /// misses (looked for only when no word begins with what was typed), and a word of the
    /// locality before one only its district has; then fewer near misses first, then by
    /// locality and pincode. Fewer than [`MIN_QUERY_CHARS`] characters give nothing.
    pub fn autocomplete(&self, query: &str, limit: usize) -> Vec<Prediction> {
        let limit = limit.min(MAX_SUGGESTIONS);
        let query = query.trim();
        if query.chars().count() < MIN_QUERY_CHARS || limit == 0 {
            return Vec::new();
        }
        let digits: String = query.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.chars().all(|c| c.is_ascii_digit()) {
            return self.by_pincode_prefix(&digits, limit);
        }
        let typed: Vec<Token> = tokens(query).collect();
        let Some((last, rest)) = typed.split_last() else {
            return Vec::new();
        };
        if rest.is_empty() {
            // One word: every office of every matching word, in any order; an office listed
            // twice keeps its better rank, as the ranking puts that first.
            let ranked: Vec<(Rank, u32)> = self
                .matching_words(last, true)
                .into_iter()
                .flat_map(|(word, offices)| {
                    offices
                        .iter()
                        .map(move |(office, in_locality)| (Rank::of(word, *in_locality), *office))
                })
                .collect();
            return self.best(ranked, limit);
        }
        // Each office's rank over the words typed; only offices every word matches.
        let mut found: HashMap<u32, Rank> = HashMap::new();
        for (n, token) in rest.iter().chain(std::iter::once(last)).enumerate() {
            let is_last = n == rest.len();
            let mut this: HashMap<u32, Rank> = HashMap::new();
            for (word, offices) in self.matching_words(token, is_last) {
                for (office, in_locality) in offices {
                    let rank = Rank::of(word, *in_locality);
                    let best = this.entry(*office).or_insert(rank);
                    *best = (*best).min(rank);
                }
            }
            found = if n == 0 {
                this
            } else {
                found
                    .into_iter()
                    .filter_map(|(office, rank)| this.get(&office).map(|t| (office, rank.and(*t))))
                    .collect()
            };
            if found.is_empty() {
                return Vec::new();
            }
        }
        self.best(found.into_iter().map(|(o, r)| (r, o)).collect(), limit)
    }

    /// The first `limit` distinct places of `ranked`, by rank, locality, nearness to the
    /// warehouse and pincode: of the places named alike ("Andheri" is in Mumbai, Himachal and
    /// Gujarat), the one the shop delivers to soonest comes first.
    fn best(&self, mut ranked: Vec<(Rank, u32)>, limit: usize) -> Vec<Prediction> {
        let order = |(ra, a): &(Rank, u32), (rb, b): &(Rank, u32)| {
            let (a, b) = (&self.offices[*a as usize], &self.offices[*b as usize]);
            ra.cmp(rb)
                .then_with(|| a.locality.cmp(&b.locality))
                .then_with(|| from_warehouse(a.pincode).cmp(&from_warehouse(b.pincode)))
                .then_with(|| a.pincode.cmp(&b.pincode))
        };
        // Only the head is sorted (a short prefix can match tens of thousands of offices);
        // all of it only when offices sharing a place left the head short.
        let head = limit * 4;
        if ranked.len() > head {
            // In place: the fallback below sorts the same items, whatever order they are in.
            ranked.select_nth_unstable_by(head - 1, order);
            ranked[..head].sort_unstable_by(order);
            let found = self.suggestions(ranked[..head].iter().map(|(_, o)| *o), limit);
            if found.len() == limit {
                return found;
            }
        }
        ranked.sort_unstable_by(order);
        self.suggestions(ranked.into_iter().map(|(_, o)| o), limit)
    }

    /// The words of the index `token` matches, with how well.
    fn matching_words(&self, token: &Token, prefix: bool) -> Vec<(Match, &[(u32, bool)])> {
        let mut out = Vec::new();
        let word = token.0.as_str();
        let start = self.words.partition_point(|(w, _)| w.as_str() < word);
        for (w, offices) in &self.words[start..] {
            if !w.starts_with(word) {
                break;
            }
            let m = if w == word {
                Match::Exact
            } else {
                Match::Begun
            };
            if m == Match::Exact || prefix {
                out.push((m, offices.as_slice()));
            }
        }
        // Near misses only for a word nothing begins with: what matches as typed is what
        // the shopper meant, and the search stays a few sorted ranges.
        let allowed = match word.chars().count() {
            _ if !out.is_empty() => 0,
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        };
        // Near misses keep the first letter (a typo there is rare, and it keeps the search to
        // one stretch of the sorted words).
        if allowed > 0
            && let Some(first) = word.chars().next()
        {
            let mut buffer = [0u8; 4];
            let first = first.encode_utf8(&mut buffer);
            let from = self.words.partition_point(|(w, _)| w.as_str() < &*first);
            for (w, offices) in &self.words[from..] {
                if !w.starts_with(&*first) {
                    break;
                }
                if w.starts_with(word) {
                    continue;
                }
                let (whole, start) = near(word, w, allowed);
                if whole || (prefix && start) {
                    out.push((Match::Near, offices.as_slice()));
                }
            }
        }
        out
    }

    fn by_pincode_prefix(&self, digits: &str, limit: usize) -> Vec<Prediction> {
        if digits.len() > 6 {
            return Vec::new();
        }
        let scale = 10u32.pow(6 - digits.len() as u32);
        let Ok(prefix) = digits.parse::<u32>() else {
            return Vec::new();
        };
        let (low, high) = (prefix * scale, (prefix + 1) * scale);
        let start = self.offices.partition_point(|o| o.pincode < low);
        let end = self.offices.partition_point(|o| o.pincode < high);
        self.suggestions(start as u32..end as u32, limit)
    }

    /// The first `limit` distinct places among `offices`.
    fn suggestions(&self, offices: impl Iterator<Item = u32>, limit: usize) -> Vec<Prediction> {
        let mut out: Vec<Prediction> = Vec::with_capacity(limit);
        for i in offices {
            let office = &self.offices[i as usize];
            let id = place_id(office);
            if out.iter().any(|s| s.place_id == id) {
                continue;
            }
            let secondary_text = format!(
                "{}, {} {:06}",
                self.districts[usize::from(office.district)],
                self.states[usize::from(office.state)],
                office.pincode
            );
            out.push(Prediction {
                place_id: id,
                description: format!("{}, {secondary_text}", office.locality),
                main_text: office.locality.clone(),
                secondary_text,
            });
            if out.len() == limit {
                break;
            }
        }
        out
    }

    /// The place a suggestion named.
    pub fn place(&self, place_id: &str) -> Option<Place> {
        self.by_id
            .get(place_id)
            .map(|i| self.place_of(&self.offices[*i as usize]))
    }

    /// The place of the post office nearest `latitude`, `longitude` (degrees), among those
    /// whose position is known; `None` outside India's bounds, where no office is near.
    pub fn nearest(&self, latitude: f64, longitude: f64) -> Option<Place> {
        if !(INDIA_LATITUDES.0..=INDIA_LATITUDES.1).contains(&latitude)
            || !(INDIA_LONGITUDES.0..=INDIA_LONGITUDES.1).contains(&longitude)
        {
            return None;
        }
        let (lat, lon) = (latitude * 1e5, longitude * 1e5);
        // Degrees of longitude shrink with the cosine of the latitude; over the distances that
        // decide the nearest office that flat correction is exact enough.
        let squeeze = latitude.to_radians().cos();
        self.offices
            .iter()
            .filter_map(|o| {
                let (a, b) = o.at?;
                let (dy, dx) = (f64::from(a) - lat, (f64::from(b) - lon) * squeeze);
                Some((dy * dy + dx * dx, o))
            })
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, o)| self.place_of(o))
    }

    fn place_of(&self, office: &Office) -> Place {
        let city = self.districts[usize::from(office.district)].clone();
        let state = self.states[usize::from(office.state)].clone();
        let pincode = format!("{:06}", office.pincode);
        Place {
            place_id: place_id(office),
            formatted: format!("{}, {city}, {state} {pincode}, {COUNTRY}", office.locality),
            locality: office.locality.clone(),
            city,
            state,
            pincode,
            country: COUNTRY.to_owned(),
            location: office.at.map(|(a, b)| LatLng {
                lat: f64::from(a) / 1e5,
                lng: f64::from(b) / 1e5,
            }),
        }
    }
}

/// The country every place is in.
pub const COUNTRY: &str = "India";
/// India's mainland and islands, with a margin: a point outside has no nearest post office.
const INDIA_LATITUDES: (f64, f64) = (6.0, 37.5);
const INDIA_LONGITUDES: (f64, f64) = (68.0, 97.5);

fn place_id(office: &Office) -> String {
    let key: Vec<String> = tokens(&office.locality).map(|t| t.0).collect();
    format!("in-{:06}-{}", office.pincode, key.join("-"))
}

/// How many pincode districts (the first three digits) lie between an office and the
/// warehouse: the delivery crate's distance in its own steps.
fn from_warehouse(pincode: u32) -> u32 {
    (pincode / 1000).abs_diff(u32::from(delivery::WAREHOUSE_PINCODE.district_prefix()))
}

#[cfg(test)]
mod tests;
