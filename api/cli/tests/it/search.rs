//! Site search (issue 56): the static index the publisher keeps under `/search/`, searched
//! over HTTP the way the search page's island does (the list of shards, the shards of the
//! query's words, the docs found), never through `/api`.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, blog, read, spawn_app};
use crate::site::{page, site_ready};
use ssg::search::{Shard, shard_key, words};

/// The URLs of the pages of `lang` that `query` finds, best first: every word's term (the last
/// one's as a prefix too), in every doc found.
async fn find(app: &TestApp, lang: &str, query: &str) -> Vec<String> {
    let (status, list) = page(app, &format!("/search/{lang}/index.json")).await;
    // Taken away on purpose, it is back once a publish has made the index again.
    if status == 404 {
        return vec![format!("no list of shards of {lang}")];
    }
    assert_eq!(status, 200, "the list of shards of {lang}");
    let listed = ssg::search::parse_shard_list(&list).expect("a list of shards");
    let words = words(query);
    let mut found: Option<BTreeMap<u64, u32>> = None;
    for (i, word) in words.iter().enumerate() {
        let key = shard_key(&word.term);
        let mut scores = BTreeMap::new();
        if listed.contains(&key) {
            let (status, text) = page(app, &format!("/search/{lang}/t/{key}.json")).await;
            assert_eq!(status, 200, "shard {key}");
            // A shard garbled on purpose reads as such until a publish makes it again.
            let Ok(shard) = Shard::parse(text.as_bytes()) else {
                return vec![format!("unreadable shard {key}")];
            };
            let last = i + 1 == words.len();
            for (term, postings) in &shard.0 {
                if *term == word.term || (last && term.starts_with(&word.form)) {
                    for (&id, &weight) in postings {
                        let score: &mut u32 = scores.entry(id).or_default();
                        *score = (*score).max(weight);
                    }
                }
            }
        }
        found = Some(match found {
            None => scores,
            Some(before) => before
                .into_iter()
                .filter_map(|(id, s)| Some((id, s + scores.get(&id)?)))
                .collect(),
        });
    }
    let mut ranked: Vec<(u64, u32)> = found.unwrap_or_default().into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut urls = Vec::new();
    for (id, _) in ranked {
        let (status, text) = page(app, &format!("/search/{lang}/d/{id}.json")).await;
        assert_eq!(status, 200, "doc {id}");
        let doc: Value = serde_json::from_str(&text).unwrap();
        urls.push(doc["url"].as_str().unwrap().to_owned());
    }
    urls
}

/// Polls until `query` finds exactly `expected` (in any order), for at most five seconds.
async fn finds(app: &TestApp, lang: &str, query: &str, expected: &[&str]) {
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    let started = std::time::Instant::now();
    loop {
        let got: BTreeSet<String> = find(app, lang, query).await.into_iter().collect();
        if got == expected {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{lang} {query:?} finds {got:?}, not {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_index_finds_each_page_as_its_readers_write_and_follows_every_publish() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let token = app.admin_token().await;

    // The fixed pages about the company are found in both languages; the listings are not.
    let about = find(&app, "en", "conviction").await;
    assert!(about.contains(&"/about".to_owned()), "{about:?}");
    assert!(
        !find(&app, "en", "journal")
            .await
            .contains(&"/blogs".to_owned())
    );

    // A new blog is found within seconds of its publish, by a plural, a prefix, and in Arabic
    // with or without its article and prefixes.
    let mut falconry = blog("Falconry weekends in AlUla", 1);
    falconry["description"] = json!("<p>Our sommeliers drive guests to the falcon camps.</p>");
    falconry["name_ar"] = json!("عطلات الصقارة في العلا");
    falconry["description_ar"] = json!("<p>نرافق ضيوفنا إلى مخيمات الصقور بالدرعية.</p>");
    let (status, body) = read(app.send_as(&token, Method::POST, "/blog", &falconry).await).await;
    assert_eq!(status, 201, "{body}");
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let slug = body["responseBody"][0]["slug"].as_str().unwrap().to_owned();
    let (en, ar) = (format!("/{slug}/{id}"), format!("/ar/{slug}/{id}"));
    finds(&app, "en", "falconry", &[&en]).await;
    finds(&app, "en", "sommelier", &[&en]).await;
    finds(&app, "en", "falco", &[&en]).await;
    finds(&app, "en", "falconry sommeliers", &[&en]).await;
    finds(&app, "en", "falconry yachts", &[]).await;
    for query in ["الدرعية", "درعية", "بالدرعية", "والدرعيه"] {
        finds(&app, "ar", query, &[&ar]).await;
    }
    finds(&app, "ar", "الصقارة", &[&ar]).await;
    // Each language finds its own pages only.
    finds(&app, "ar", "sommelier", &[]).await;

    // An edit: the words it takes away are no longer found, the words it brings are.
    falconry["description"] = json!("<p>Our valets meet guests at the falcon camps.</p>");
    let path = format!("/blog/{id}");
    let (status, body) = read(app.send_as(&token, Method::PUT, &path, &falconry).await).await;
    assert_eq!(status, 200, "{body}");
    finds(&app, "en", "valets", &[&en]).await;
    finds(&app, "en", "sommeliers falconry", &[]).await;

    // An index that cannot be patched (its list of shards lost, a shard the edit changes
    // garbled) is made again by the next publish, whole: the pages it did not touch are still
    // found.
    let site = app.data_dir.path().join("site/search/en");
    std::fs::remove_file(site.join("index.json")).unwrap();
    falconry["description"] = json!("<p>Our valets and butlers meet guests at the camps.</p>");
    let (status, body) = read(app.send_as(&token, Method::PUT, &path, &falconry).await).await;
    assert_eq!(status, 200, "{body}");
    finds(&app, "en", "butlers", &[&en]).await;
    assert!(
        find(&app, "en", "conviction")
            .await
            .contains(&"/about".to_owned())
    );
    std::fs::write(
        site.join(format!("t/{}.json", shard_key("butler"))),
        b"{not json",
    )
    .unwrap();
    falconry["description"] = json!("<p>Our valets meet guests at the camps.</p>");
    let (status, body) = read(app.send_as(&token, Method::PUT, &path, &falconry).await).await;
    assert_eq!(status, 200, "{body}");
    finds(&app, "en", "butlers", &[]).await;
    finds(&app, "en", "valets", &[&en]).await;

    // Deleted, it is found no more, and its doc is gone.
    let (status, body) = read(app.send_as(&token, Method::DELETE, &path, &json!({})).await).await;
    assert_eq!(status, 200, "{body}");
    finds(&app, "en", "falconry", &[]).await;
    let doc = ssg::search::doc_path(ssg::routes::Lang::En, &en);
    let (status, _) = crate::site::within(
        &app,
        &format!("/{doc}"),
        Duration::from_secs(2),
        |status, _| status == 404,
    )
    .await;
    assert_eq!(status, 404);
}
