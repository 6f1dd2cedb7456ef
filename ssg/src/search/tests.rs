use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;

const WORDS: [&str; 12] = [
    "chauffeur",
    "chauffeurs",
    "yacht",
    "الرياض",
    "بالرياض",
    "جدة",
    "concierge",
    "valet",
    "airport",
    "مطار",
    "gifting",
    "london",
];

fn random_doc(rng: &mut StdRng, n: usize) -> Doc {
    let pick = |rng: &mut StdRng, k: usize| {
        (0..k)
            .map(|_| WORDS[rng.random_range(0..WORDS.len())])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let length = rng.random_range(0..12);
    Doc {
        url: format!("/page/{n}"),
        title: pick(rng, 2),
        text: pick(rng, length),
    }
}

/// The property the publisher relies on: whatever docs come, change and go, the shards
/// patched by each publish's changes are the shards made from the docs there are.
#[test]
fn shards_patched_publish_after_publish_are_the_shards_made_from_the_docs() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut docs: BTreeMap<u64, Terms> = BTreeMap::new();
        let mut shards: BTreeMap<String, Shard> = BTreeMap::new();
        for _ in 0..rng.random_range(1..8) {
            let mut changes = Changes::default();
            for _ in 0..rng.random_range(1..6) {
                let n = rng.random_range(0..10);
                let id = doc_id(&format!("/page/{n}"));
                let after = match rng.random_bool(0.25) {
                    true => Terms::new(),
                    false => random_doc(&mut rng, n).terms(),
                };
                let before = docs.get(&id).cloned().unwrap_or_default();
                changes.add(id, before, after.clone());
                match after.is_empty() {
                    true => docs.remove(&id),
                    false => docs.insert(id, after),
                };
            }
            for (key, edits) in changes.by_shard() {
                // Through the files' bytes, as the publisher does.
                let stored = shards.get(&key).map(Shard::to_bytes);
                match edits.patch(stored.as_deref()).unwrap() {
                    Some(bytes) => shards.insert(key, Shard::parse(&bytes).unwrap()),
                    None => shards.remove(&key),
                };
            }
            let full = build(docs.iter().map(|(id, terms)| (*id, terms)));
            assert_eq!(shards, full);
            // Byte for byte what a full build writes (the terms not edited were copied).
            for (key, shard) in &full {
                assert_eq!(shard.to_bytes(), shards[key].to_bytes());
            }
        }
    }
}

#[test]
fn a_pages_doc_is_its_main_heading_and_text_without_its_islands() {
    let html = r#"<html><head><title>x</title><script>var a</script></head><body>
        <header><nav>Services Journal</nav></header>
        <main id="main"><h1 id="page-title" class="page-title">Riyadh &amp; <em>Diriyah</em></h1>
        <p>Chauffeurs wait at the kerb.</p>
        <div class="island" data-island="contact-form"><form><div><label>First name</label></div></form></div>
        <script type="application/ld+json">{"@type":"Thing"}</script>
        <p>Dinner at home.</p>
        <section class="cta-band" data-search-ignore><h2>Services band</h2><section><p>Nested</p></section><picture><p>x</p></picture></section>
        <p class="article-date" data-search-ignore>Published <picture></picture>today</p>
        </main><footer>Footer words</footer></body></html>"#;
    let doc = Doc::of_page("/destinations/riyadh".into(), html).unwrap();
    assert_eq!(doc.title, "Riyadh & Diriyah");
    assert_eq!(
        doc.text,
        "Riyadh & Diriyah Chauffeurs wait at the kerb. Dinner at home."
    );
    let terms = doc.terms();
    assert_eq!(terms["riyadh"], TITLE_WEIGHT + 1);
    assert_eq!(terms["chauffeur"], 1);
    for absent in [
        "first", "footer", "servic", "thing", "nest", "publish", "today", "band",
    ] {
        assert!(!terms.contains_key(absent), "{absent}");
    }
}

#[test]
fn search_finds_the_fixed_pages_about_the_company_and_the_declared_items() {
    let patterns: Vec<String> = ["/services/{id}", "/{slug}/{id}", "/destinations/{slug}"]
        .map(String::from)
        .into();
    let blog = Route::Blog {
        slug: "planning-a-london-season".into(),
        id: 4,
    };
    for route in [
        Route::About,
        Route::Airport,
        Route::Document("privacy-policy"),
        Route::Service(3),
        blog.clone(),
        Route::Destination("alula".into()),
    ] {
        assert!(finds(&route, &patterns), "{route:?}");
    }
    for route in [
        Route::Home,
        Route::Blogs(2),
        Route::Destinations,
        Route::Search,
    ] {
        assert!(!finds(&route, &patterns), "{route:?}");
    }
    // Nothing the declaration does not name: without blogs' pattern, no blog.
    assert!(!finds(&blog, &patterns[..1]));
    assert!(!finds(&Route::Destination("alula".into()), &patterns[..2]));
}

#[test]
fn shard_files_name_their_first_two_characters_and_keep_their_postings() {
    assert_eq!(shard_key("chauffeur"), "63-68");
    assert_eq!(shard_key("رياض"), "631-64a");
    let mut shard = Shard::default();
    shard
        .0
        .insert("yacht".into(), [(9, 3), (2, 8), (40, 1)].into());
    assert_eq!(shard.to_bytes(), br#"{"yacht":[2,8,7,3,31,1]}"#);
    assert_eq!(Shard::parse(&shard.to_bytes()).unwrap(), shard);
    assert!(is_index_file("search/ar/t/631-64a.json"));
    assert!(is_index_file("search/en/index.json"));
    assert!(!is_index_file("search/en/d/12.json"));
    assert_eq!(doc_lang("search/ar/d/12.json"), Some(Lang::Ar));
    assert_eq!(doc_lang("search/ar/t/63-68.json"), None);
    assert!(doc_id("/about") < 1 << 52);
}

/// A patch copies the terms it does not change as they are stored, so it must not take for a
/// shard what is not one: the publisher makes the index again instead.
#[test]
fn a_patch_refuses_what_is_not_a_shard_and_copies_what_it_does_not_change() {
    let mut changes = Changes::default();
    let id = doc_id("/page/1");
    changes.add(id, Terms::new(), [("yacht".to_owned(), 3)].into());
    let edits = changes.by_shard().remove(&shard_key("yacht")).unwrap();
    // A term it does not touch, before and after the one it adds, keeps its bytes.
    let stored = br#"{"ya\"b":[5,1],"yak":[1,2,3,4],"yard":[7,255]}"#;
    let patched = String::from_utf8(edits.patch(Some(stored)).unwrap().unwrap()).unwrap();
    assert_eq!(
        patched,
        format!(r#"{{"ya\"b":[5,1],"yacht":[{id},3],"yak":[1,2,3,4],"yard":[7,255]}}"#)
    );
    assert_eq!(
        edits.patch(Some(b"{}")).unwrap().unwrap(),
        format!(r#"{{"yacht":[{id},3]}}"#).into_bytes()
    );
    for bad in [
        &b""[..],
        b"[]",
        b"{",
        b"{\"yak\":[1,2,3]}",
        b"{\"yak\":[1,2,,3]}",
        b"{\"yak\":[]}",
        b"{\"yak\":[1,-2]}",
        b"{\"yak\":[1,2]",
        b"{\"yak\":[1,2]}x",
        b"{\"yak\":[1,2],\"yak\":[3,4]}",
        b"{\"yz\":[1,2],\"yak\":[3,4]}",
        b"{\"yak\":[1,2,0,4]}",
        b"{\"yak\":[0,2]}",
        b"{\"yak\":[01,2]}",
        b"{\"yak\":[1,02]}",
        b"{\"yak\":[1,2,99999999999999999999,4]}",
        b"{\"yak\" :[1,2]}",
        b"{\"ya",
    ] {
        assert!(
            edits.patch(Some(bad)).is_err(),
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
    // Removing a shard's last posting leaves no shard.
    let mut gone = Changes::default();
    gone.add(id, [("yacht".to_owned(), 3)].into(), Terms::new());
    let edits = gone.by_shard().remove(&shard_key("yacht")).unwrap();
    assert_eq!(
        edits
            .patch(Some(format!(r#"{{"yacht":[{id},3]}}"#).as_bytes()))
            .unwrap(),
        None
    );
}
