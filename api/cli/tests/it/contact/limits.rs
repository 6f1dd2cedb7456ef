//! The form limit's counting: bursts, forgotten addresses, enquiries alike in every word.

use super::*;

#[tokio::test]
async fn rate_limit_events_of_addresses_never_seen_again_are_forgotten_after_the_longest_window() {
    let app = behind_proxy("3/2h", |_| {}).await;
    for address in ["203.0.113.1", "203.0.113.2"] {
        assert_eq!(from_address(&app, address, "Arrival", false).await.0, 201);
    }
    use sea_orm::ConnectionTrait;
    // One address's event is three hours old, the other's fresh.
    let old = (chrono::Utc::now() - chrono::Duration::hours(3)).to_rfc3339();
    let scope = "form:contact:203.0.113.1";
    app.db
        .write
        .execute_raw(sea_orm::Statement::from_sql_and_values(
            app.db.backend(),
            if crate::helpers::postgres() {
                "UPDATE throttle_events SET at = $1::timestamptz WHERE scope = $2"
            } else {
                "UPDATE throttle_events SET at = $1 WHERE scope = $2"
            },
            [old.into(), scope.into()],
        ))
        .await
        .unwrap();
    let horizon = concierge::throttle::horizon(concierge::limits::Limit::parse("3/2h").unwrap());
    assert_eq!(
        horizon,
        chrono::Duration::hours(2),
        "the form's window is the longest here"
    );
    let removed = concierge::throttle::sweep(&app.db.write, horizon)
        .await
        .unwrap();
    assert_eq!(removed, 1);
    assert_eq!(
        app.count(&format!("throttle_events WHERE scope = '{scope}'"))
            .await,
        0
    );
    assert_eq!(
        app.count("throttle_events WHERE scope = 'form:contact:203.0.113.2'")
            .await,
        1
    );
}

#[tokio::test]
async fn a_burst_counted_together_gets_the_verdicts_of_its_events_counted_one_at_a_time() {
    // The enquiry writer counts a group's limits in a few statements (`take_all_in`); the
    // answer must be what counting each event on its own (`take_in`) gives, in the same
    // order, over the same history: old events in and out of the window, scopes that come
    // back within a burst and scopes past their limit.
    use concierge::limits::Limit;
    use concierge::store::entities::throttle_event;
    use concierge::throttle::{self, Decision, Verdict};
    use rand::{Rng, SeedableRng, rngs::StdRng};
    use sea_orm::{ConnectionTrait, EntityTrait, Set, TransactionTrait};

    let app = spawn_app().await;
    let seed = crate::helpers::seed();
    eprintln!("throttle property: seed {seed} (CONCIERGE_TEST_SEED={seed} repeats this run)");
    let mut rng = StdRng::seed_from_u64(seed);
    let limit = Limit::parse("3/10m").unwrap();
    let (mut counted, mut refused) = (0, 0);
    for round in 0..12 {
        // The app's sweeper runs at its start, as this test begins, and forgets events older
        // than its horizon whenever it runs: each side's copy of an event is written in one
        // statement, and the events kept are counted in one, so that it forgets both or
        // neither (two inserts once let it take one side's copy and not the other's).
        for _ in 0..rng.random_range(0..4) {
            let scope = rng.random_range(0..5);
            let at = chrono::Utc::now() - chrono::Duration::minutes(rng.random_range(1..20));
            throttle_event::Entity::insert_many(["together", "alone"].map(|side| {
                throttle_event::ActiveModel {
                    scope: Set(format!("{side}:{scope}")),
                    at: Set(at),
                    ..Default::default()
                }
            }))
            .exec_without_returning(&app.db.write)
            .await
            .unwrap();
        }
        let burst: Vec<u32> = (0..rng.random_range(1..16))
            .map(|_| rng.random_range(0..5))
            .collect();
        let scopes: Vec<String> = burst.iter().map(|s| format!("together:{s}")).collect();
        let scopes: Vec<&str> = scopes.iter().map(String::as_str).collect();
        let txn = app.db.write.begin().await.unwrap();
        let together = throttle::take_all_in(&txn, &scopes, limit).await.unwrap();
        txn.commit().await.unwrap();
        let txn = app.db.write.begin().await.unwrap();
        let mut alone = Vec::new();
        for scope in &burst {
            alone.push(
                match throttle::take_in(&txn, &format!("alone:{scope}"), limit)
                    .await
                    .unwrap()
                {
                    Decision::Allowed(_) => Verdict::Counted,
                    Decision::Refused { retry_after } => Verdict::Refused { retry_after },
                },
            );
        }
        txn.commit().await.unwrap();
        assert_eq!(together.len(), burst.len());
        for (i, (t, a)) in together.iter().zip(&alone).enumerate() {
            match (t, a) {
                (Verdict::Counted, Verdict::Counted) => counted += 1,
                // Counted a moment apart: a second's rounding may tell them apart.
                (Verdict::Refused { retry_after: t }, Verdict::Refused { retry_after: a })
                    if t.abs_diff(*a) <= 1 =>
                {
                    refused += 1
                }
                _ => {
                    panic!("round {round}, event {i} of {burst:?}: {together:?} against {alone:?}")
                }
            }
        }
        for scope in 0..5 {
            let kept = |side: &str| {
                format!("COALESCE(SUM(CASE WHEN scope = '{side}:{scope}' THEN 1 ELSE 0 END), 0)")
            };
            let row = app
                .db
                .read
                .query_one_raw(sea_orm::Statement::from_string(
                    app.db.backend(),
                    format!(
                        "SELECT {} AS together, {} AS alone FROM throttle_events",
                        kept("together"),
                        kept("alone")
                    ),
                ))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                row.try_get::<i64>("", "together").unwrap(),
                row.try_get::<i64>("", "alone").unwrap(),
                "round {round}: the events kept for scope {scope}"
            );
        }
    }
    assert!(
        counted > 0 && refused > 0,
        "{counted} counted, {refused} refused"
    );
}

#[tokio::test]
async fn enquiries_alike_in_every_word_sent_together_are_each_stored_once() {
    // A group's rows come back from the database in no promised order and are matched to
    // their senders by what they hold: senders alike in all of it must still each get a row
    // of their own.
    let app = behind_proxy("5/10m", |_| {}).await;
    let sends: Vec<_> = (0..24)
        .map(|i| from_address(&app, &format!("203.0.113.{}", 10 + i), "Arrival", false))
        .collect();
    let answers = futures_util::future::join_all(sends).await;
    let mut ids = std::collections::BTreeSet::new();
    for (status, body) in &answers {
        assert_eq!(*status, 201, "{body}");
        assert_eq!(body["responseBody"][0]["subject"], "Arrival");
        ids.insert(body["responseBody"][0]["id"].as_i64().unwrap());
    }
    assert_eq!(ids.len(), 24, "one id each: {ids:?}");
    assert_eq!(app.count("contact_us").await, 24);
}
