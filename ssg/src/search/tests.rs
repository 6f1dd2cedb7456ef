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
            for key in changes.keys() {
                // Through the files' bytes, as the publisher does.
                let mut shard = shards
                    .get(&key)
                    .map(|s| Shard::parse(&s.to_bytes()).unwrap())
                    .unwrap_or_default();
                changes.apply(&key, &mut shard);
                match shard.is_empty() {
                    true => shards.remove(&key),
                    false => shards.insert(key, shard),
                };
            }
            let full = build(docs.iter().map(|(id, terms)| (*id, terms)));
            assert_eq!(shards, full);
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
