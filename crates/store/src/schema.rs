//! Table definitions shared by both backends. Only portable SQL types appear here (Text,
//! BigInt, Integer, Bool, Timestamp), which is what diesel's `MultiConnection` can carry.

diesel::table! {
    addresses (id) {
        id -> Text,
        user_id -> Text,
        customer_name -> Text,
        phone -> Text,
        email -> Text,
        address -> Text,
        address_2 -> Text,
        city -> Text,
        pincode -> Text,
        state -> Text,
        country -> Text,
        is_default -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    brands (id) {
        id -> Text,
        name -> Text,
        description -> Text,
        logo_url -> Nullable<Text>,
        is_active -> Bool,
        gender -> Text,
        created_at -> Timestamp,
        version -> BigInt,
        commission_rate_bp -> BigInt,
    }
}

diesel::table! {
    categories (id) {
        id -> Text,
        name -> Text,
        gender -> Text,
        parent_id -> Nullable<Text>,
        image -> Text,
        position -> Integer,
        version -> BigInt,
    }
}

diesel::table! {
    coupons (id) {
        id -> Text,
        title -> Text,
        code -> Text,
        discount_type -> Text,
        discount_value -> BigInt,
        max_discount_paise -> Nullable<BigInt>,
        min_order_paise -> BigInt,
        is_active -> Bool,
        valid_from -> Timestamp,
        valid_until -> Timestamp,
        brand_id -> Nullable<Text>,
        usage_limit -> Nullable<BigInt>,
        usage_limit_per_user -> Nullable<BigInt>,
        times_used -> BigInt,
        version -> BigInt,
    }
}

diesel::table! {
    coupon_uses (coupon_id, order_id) {
        coupon_id -> Text,
        user_id -> Text,
        order_id -> Text,
        used_at -> Timestamp,
    }
}

diesel::table! {
    products (id) {
        id -> Text,
        name -> Text,
        description -> Text,
        brand_id -> Text,
        gender -> Text,
        price_paise -> BigInt,
        offer_percentage -> Integer,
        currency -> Text,
        colour -> Text,
        pattern -> Text,
        length -> Text,
        fabric -> Text,
        sleeve_length -> Text,
        fit -> Text,
        distress -> Text,
        assigned_coupon_id -> Nullable<Text>,
        created_at -> Timestamp,
        version -> BigInt,
        is_active -> Bool,
        archived_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    product_categories (product_id, category_id) {
        product_id -> Text,
        category_id -> Text,
        position -> Integer,
    }
}

diesel::table! {
    product_images (product_id, position) {
        product_id -> Text,
        position -> Integer,
        url -> Text,
        image_id -> Nullable<Text>,
        srcset -> Nullable<Text>,
    }
}

diesel::table! {
    product_stock (product_id, size) {
        product_id -> Text,
        size -> Text,
        position -> Integer,
        quantity -> Integer,
    }
}

diesel::table! {
    product_tags (product_id, position) {
        product_id -> Text,
        position -> Integer,
        tag -> Text,
    }
}

diesel::table! {
    static_images (id) {
        id -> Text,
        category -> Text,
        device -> Text,
        title -> Text,
        url -> Text,
        is_active -> Bool,
        tags -> Text,
        campaign -> Nullable<Text>,
        start_date -> Nullable<Timestamp>,
        end_date -> Nullable<Timestamp>,
        priority -> Integer,
        srcset -> Nullable<Text>,
        version -> BigInt,
    }
}

diesel::table! {
    audit_log (seq) {
        seq -> BigInt,
        at -> Timestamp,
        actor_id -> Text,
        actor_email -> Nullable<Text>,
        actor_role -> Text,
        brand_id -> Nullable<Text>,
        action -> Text,
        entity -> Text,
        entity_id -> Text,
        before -> Nullable<Text>,
        after -> Nullable<Text>,
    }
}

diesel::table! {
    catalogue_changes (seq) {
        seq -> BigInt,
        product_id -> Nullable<Text>,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    session_changes (seq) {
        seq -> BigInt,
        user_id -> Text,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> Text,
        email -> Nullable<Text>,
        display_name -> Text,
        phone -> Nullable<Text>,
        age -> Integer,
        gender -> Text,
        date_of_birth -> Nullable<Text>,
        location -> Text,
        delivery_addresses -> Text,
        interests -> Text,
        ml_preferences -> Text,
        age_range -> Text,
        onboarded -> Bool,
        is_admin -> Bool,
        is_brand_user -> Bool,
        brand_id -> Nullable<Text>,
        token_version -> BigInt,
        last_login -> Nullable<Timestamp>,
        created_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        pending_email -> Nullable<Text>,
    }
}

diesel::table! {
    sign_in_codes (email) {
        email -> Text,
        code_hmac -> Text,
        expires_at -> Timestamp,
        attempts -> Integer,
        used -> Bool,
    }
}

diesel::table! {
    rate_limits (bucket) {
        bucket -> Text,
        started_at -> Timestamp,
        count -> Integer,
        last_at -> Timestamp,
    }
}

diesel::table! {
    swipes (user_id, product_id) {
        user_id -> Text,
        product_id -> Text,
        liked -> Bool,
        swiped_at -> Timestamp,
        seq -> BigInt,
        session_id -> Nullable<Text>,
        device_info -> Nullable<Text>,
        added_to_list -> Bool,
        prev_liked -> Nullable<Bool>,
        prev_swiped_at -> Nullable<Timestamp>,
        prev_seq -> Nullable<BigInt>,
        prev_added_to_list -> Nullable<Bool>,
    }
}

diesel::table! {
    swipe_hours (hour, product_id) {
        hour -> BigInt,
        product_id -> Text,
        likes -> BigInt,
        dislikes -> BigInt,
    }
}

diesel::table! {
    swipe_log (seq) {
        seq -> BigInt,
        product_id -> Text,
        gender -> Text,
        hour -> BigInt,
        likes -> BigInt,
        dislikes -> BigInt,
    }
}

diesel::table! {
    swipe_totals (time_window, product_id) {
        time_window -> Text,
        product_id -> Text,
        gender -> Text,
        likes -> BigInt,
        dislikes -> BigInt,
        score -> BigInt,
        total -> BigInt,
    }
}

diesel::table! {
    swipe_windows (time_window) {
        time_window -> Text,
        counted_from -> BigInt,
    }
}

diesel::table! {
    curated_list (user_id, product_id) {
        user_id -> Text,
        product_id -> Text,
        added_at -> Timestamp,
    }
}

diesel::table! {
    bags (user_id) {
        user_id -> Text,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    bag_lines (user_id, product_id, size) {
        user_id -> Text,
        product_id -> Text,
        size -> Text,
        quantity -> Integer,
        price_at_add_paise -> BigInt,
        position -> Integer,
    }
}

diesel::table! {
    /// A brand's live events, written with the fact they tell of; `seq` is given in commit
    /// order afterwards (see `brand_events.rs`).
    brand_events (id) {
        id -> BigInt,
        seq -> Nullable<BigInt>,
        brand_id -> Text,
        #[sql_name = "type"]
        kind -> Text,
        order_id -> Nullable<Text>,
        product_id -> Nullable<Text>,
        size -> Nullable<Text>,
        units -> Nullable<Integer>,
        at -> Timestamp,
    }
}

diesel::table! {
    orders (id) {
        id -> Text,
        user_id -> Text,
        brand_id -> Text,
        stage -> Text,
        from_bag -> Bool,
        ship_name -> Text,
        ship_phone -> Text,
        ship_email -> Text,
        ship_address -> Text,
        ship_address_2 -> Text,
        ship_city -> Text,
        ship_pincode -> Text,
        ship_state -> Text,
        ship_country -> Text,
        subtotal_paise -> BigInt,
        discount_paise -> BigInt,
        delivery_fee_paise -> BigInt,
        total_paise -> BigInt,
        delivery_speed -> Text,
        estimated_delivery -> Timestamp,
        coupon_id -> Nullable<Text>,
        coupon_code -> Nullable<Text>,
        provider_order_id -> Nullable<Text>,
        payment_id -> Nullable<Text>,
        payment_status -> Text,
        delivery_status -> Text,
        status -> Nullable<Text>,
        refund_status -> Text,
        refund_id -> Nullable<Text>,
        created_at -> Timestamp,
        reserved_until -> Timestamp,
        placed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    order_refund_claims (order_id) {
        order_id -> Text,
        claimed_until -> Timestamp,
    }
}

diesel::table! {
    order_shipments (order_id) {
        order_id -> Text,
        shipment_id -> BigInt,
        order_ref -> BigInt,
        channel_id -> Nullable<BigInt>,
        booked_at -> Timestamp,
    }
}

diesel::table! {
    order_lines (order_id, position) {
        order_id -> Text,
        position -> Integer,
        product_id -> Text,
        name -> Text,
        image -> Nullable<Text>,
        size -> Text,
        quantity -> Integer,
        unit_price_paise -> BigInt,
    }
}

diesel::table! {
    cancel_requests (id) {
        id -> Text,
        order_id -> Text,
        line -> Integer,
        reason -> Nullable<Text>,
        delivery_before -> Text,
        requested_at -> Timestamp,
        decision -> Nullable<Text>,
        decided_by -> Nullable<Text>,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    payment_events (event_id) {
        event_id -> Text,
        event -> Text,
        payment_id -> Nullable<Text>,
        received_at -> Timestamp,
    }
}

diesel::table! {
    heartbeats (id) {
        id -> Integer,
        beat_at -> Timestamp,
    }
}

diesel::table! {
    brand_applications (id) {
        id -> Text,
        applicant_id -> Text,
        applicant_email -> Text,
        name -> Text,
        gender -> Text,
        contact_name -> Text,
        contact_email -> Text,
        contact_phone -> Text,
        gstin -> Text,
        pan -> Text,
        bank_account_sealed -> Text,
        bank_account_masked -> Text,
        ifsc -> Text,
        pickup_address -> Text,
        pickup_pincode -> Text,
        pickup_city -> Text,
        pickup_state -> Text,
        return_policy -> Text,
        shipping_policy -> Text,
        status -> Text,
        reason -> Nullable<Text>,
        brand_id -> Nullable<Text>,
        decided_by -> Nullable<Text>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    payout_refunds (order_id) {
        order_id -> Text,
        brand_id -> Text,
        completed_at -> Timestamp,
        amount_paise -> BigInt,
    }
}

diesel::table! {
    payouts (brand_id, month) {
        brand_id -> Text,
        month -> Text,
        brand_name -> Text,
        commission_rate_bp -> BigInt,
        gross_paise -> BigInt,
        refunds_paise -> BigInt,
        commission_paise -> BigInt,
        carried_in_paise -> BigInt,
        payout_paise -> BigInt,
        carried_out_paise -> BigInt,
        lines -> Text,
        reference -> Text,
        paid_at -> Timestamp,
        paid_by -> Text,
        paid_by_email -> Nullable<Text>,
    }
}

diesel::joinable!(products -> brands (brand_id));
diesel::joinable!(coupon_uses -> coupons (coupon_id));
diesel::joinable!(product_categories -> products (product_id));
diesel::joinable!(product_categories -> categories (category_id));
diesel::joinable!(product_images -> products (product_id));
diesel::joinable!(product_stock -> products (product_id));
diesel::joinable!(product_tags -> products (product_id));
diesel::joinable!(order_lines -> orders (order_id));
diesel::joinable!(order_refund_claims -> orders (order_id));
diesel::joinable!(order_shipments -> orders (order_id));
diesel::joinable!(cancel_requests -> orders (order_id));

diesel::allow_tables_to_appear_in_same_query!(
    addresses,
    audit_log,
    bag_lines,
    bags,
    brand_events,
    brands,
    cancel_requests,
    catalogue_changes,
    categories,
    coupon_uses,
    coupons,
    order_lines,
    order_refund_claims,
    order_shipments,
    orders,
    payment_events,
    payout_refunds,
    insight_brand_days,
    insight_product_days,
    insight_buyers,
    insight_refunds,
    insight_buyer_days,
    insight_buyer_gaps,
    payouts,
    products,
    product_categories,
    product_images,
    product_stock,
    product_tags,
    rate_limits,
    sign_in_codes,
    static_images,
    curated_list,
    heartbeats,
    swipe_hours,
    swipe_log,
    swipe_totals,
    swipe_windows,
    swipes,
    users,
);

diesel::table! {
    shopify_previews (token) {
        token -> Text,
        brand_id -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        body -> Text,
    }
}

diesel::table! {
    product_handles (brand_id, handle) {
        brand_id -> Text,
        handle -> Text,
        product_id -> Text,
    }
}

diesel::table! {
    insight_brand_days (brand_id, day) {
        brand_id -> Text,
        day -> BigInt,
        revenue_paise -> BigInt,
        orders -> BigInt,
        units -> BigInt,
        refunds_paise -> BigInt,
        refunds -> BigInt,
        cards_shown -> BigInt,
        likes -> BigInt,
        dislikes -> BigInt,
        bag_adds -> BigInt,
        buyers -> BigInt,
        new_buyers -> BigInt,
    }
}

diesel::table! {
    insight_buyer_gaps (brand_id, prev_day, day) {
        brand_id -> Text,
        prev_day -> BigInt,
        day -> BigInt,
        buyers -> BigInt,
    }
}

diesel::table! {
    insight_product_days (brand_id, day, product_id) {
        brand_id -> Text,
        day -> BigInt,
        product_id -> Text,
        cards_shown -> BigInt,
        likes -> BigInt,
        dislikes -> BigInt,
        bag_adds -> BigInt,
        orders -> BigInt,
        units -> BigInt,
        revenue_paise -> BigInt,
    }
}

diesel::table! {
    insight_buyers (brand_id, user_id) {
        brand_id -> Text,
        user_id -> Text,
        first_day -> BigInt,
    }
}

diesel::table! {
    insight_refunds (order_id) {
        order_id -> Text,
        brand_id -> Text,
        day -> BigInt,
        amount_paise -> BigInt,
    }
}

diesel::table! {
    insight_buyer_days (brand_id, day, user_id) {
        brand_id -> Text,
        day -> BigInt,
        user_id -> Text,
    }
}
