pub mod checkout;
pub mod input;
pub mod lookup;
