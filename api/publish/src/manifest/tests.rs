use super::*;
use ssg::manifest::key;
use ssg::plan::Target;
use ssg::routes::Route;

fn entry(digest: char, files: &[&str]) -> Entry {
    Entry {
        digest: digest.to_string().repeat(32),
        files: files.iter().map(|f| f.to_string()).collect(),
    }
}

#[test]
fn every_output_is_in_its_part_and_a_blogs_outputs_in_its_sitemap_chunks() {
    for (id, chunk) in [(1, 0), (249, 0), (250, 1), (12_345, 49), (-1, -1)] {
        for slug in ["plain", "quote\", id: 7 })", "عربي"] {
            let page = Target::Page(Route::Blog {
                slug: slug.into(),
                id,
            });
            let redirect = Target::Redirect {
                slug: slug.into(),
                blog_id: id,
            };
            for target in [page, redirect] {
                assert_eq!(Shard::of(&key(&target)), Shard::Blogs(chunk), "{target:?}");
            }
        }
    }
    // A chunk's sitemap with its blogs; the listing pages by the hundreds.
    assert_eq!(Shard::of(&key(&Target::SitemapBlogs(2))), Shard::Blogs(2));
    for (page, part) in [(1, 0), (249, 0), (250, 1), (4_172, 16)] {
        let target = Target::Page(Route::Blogs(page));
        assert_eq!(Shard::of(&key(&target)), Shard::Listing(part));
    }
    for target in [
        Target::Page(Route::Home),
        Target::Page(Route::Service(3)),
        Target::SitemapIndex,
        Target::Feeds,
    ] {
        assert_eq!(Shard::of(&key(&target)), Shard::Site);
    }
    for shard in [
        Shard::Site,
        Shard::Blogs(0),
        Shard::Blogs(199),
        Shard::Listing(0),
        Shard::Listing(16),
    ] {
        assert_eq!(Shard::parse(&shard.name()), Some(shard));
        assert!(shard.file().starts_with(MANIFEST_FILE) && shard.file() != INTENT_FILE);
    }
}

/// Whoever asks which part may hold a file is told the part of every output that writes it:
/// for every output of a site with thousands of listing pages, several sitemap chunks, old
/// URLs and Arabic, English and odd slugs.
#[test]
fn every_file_names_the_part_of_each_output_that_writes_it() {
    let mut data = ssg::model::SiteData {
        services: (1..=4)
            .map(|id| ssg::model::Service {
                id,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let slugs = [
        "plain",
        "عربي",
        "services",
        "blogs",
        "page",
        "12",
        "sitemap-blogs-3.xml",
    ];
    data.blogs = std::sync::Arc::new(
        (1..=3_100)
            .map(|id| {
                std::sync::Arc::new(ssg::model::BlogCard {
                    id: if id % 7 == 0 { -id } else { id },
                    slug: format!("{}-{id}", slugs[id as usize % slugs.len()]),
                    display_order: id,
                    ..Default::default()
                })
            })
            .collect(),
    );
    data.redirects = (1..=40)
        .map(|id| ssg::model::Redirect {
            slug: slugs[id as usize % slugs.len()].into(),
            blog_id: id * 11,
        })
        .collect();
    data.normalize();
    let outputs = ssg::plan::full(&data);
    assert!(
        outputs.contains(&Target::Page(Route::Blogs(251))),
        "a second listing part"
    );
    assert!(outputs.iter().any(|t| matches!(t, Target::Redirect { .. })));
    for target in outputs {
        let part = Shard::of(&key(&target));
        for file in target.files() {
            assert!(
                Shard::candidates(&file).contains(&part),
                "{file} of {target:?} is in {part:?}"
            );
        }
    }
}

#[test]
fn the_manifest_reads_back_what_it_wrote_part_by_part() {
    let mut m = Manifest::default();
    let blog = key(&Target::Page(Route::Blog {
        slug: "doha".into(),
        id: 300,
    }));
    m.insert(
        "Page(Home)".into(),
        entry('a', &["index.html", "ar/index.html"]),
    );
    m.insert("Assets".into(), entry('b', &[]));
    m.insert(blog.clone(), entry('c', &["doha/300/index.html"]));
    assert_eq!(
        m.take_dirty(),
        BTreeSet::from([Shard::Site, Shard::Blogs(1)])
    );
    let parts = m
        .shards()
        .map(|shard| (shard, part_digest(&m.shard_text(shard))))
        .collect();
    let Some(Index::Shards(listed)) = Index::parse(&index_text(&parts)) else {
        panic!("an index");
    };
    assert_eq!(listed, parts);
    assert_eq!(
        listed.keys().copied().collect::<Vec<_>>(),
        [Shard::Site, Shard::Blogs(1)]
    );
    let mut read = Manifest::default();
    for &shard in listed.keys() {
        read.read_shard(shard, &m.shard_text(shard)).unwrap();
    }
    assert_eq!(read, m);
    assert!(read.take_dirty().is_empty(), "read as written");

    // An entry the same as before leaves its part as it was; a changed or removed one not.
    read.insert("Assets".into(), entry('b', &[]));
    assert!(read.take_dirty().is_empty());
    read.insert("Assets".into(), entry('d', &[]));
    assert_eq!(read.take_dirty(), BTreeSet::from([Shard::Site]));
    read.remove(&blog);
    assert_eq!(read.take_dirty(), BTreeSet::from([Shard::Blogs(1)]));
    assert_eq!(read.shard_text(Shard::Blogs(1)), "", "a part left empty");
    assert_eq!(read.shards().collect::<Vec<_>>(), [Shard::Site]);

    assert_eq!(Index::parse("not a manifest"), None);
    assert!(read.read_shard(Shard::Site, "short\tkey").is_none());
}

#[test]
fn an_entry_found_in_another_part_moves_to_its_own_and_both_are_written_again() {
    let blog = key(&Target::Redirect {
        slug: "doha".into(),
        blog_id: 3,
    });
    let mut text = String::new();
    write_entry(&mut text, &blog, &entry('a', &["doha/index.html"]));
    let mut m = Manifest::default();
    m.read_shard(Shard::Blogs(7), &text).unwrap();
    assert_eq!(m.get(&blog), Some(&entry('a', &["doha/index.html"])));
    assert_eq!(
        m.take_dirty(),
        BTreeSet::from([Shard::Blogs(0), Shard::Blogs(7)])
    );
    assert_eq!(m.shard_text(Shard::Blogs(7)), "");
}

#[test]
fn a_manifest_of_the_old_single_file_is_read_whole() {
    let mut text = String::new();
    write_entry(&mut text, "Page(Home)", &entry('a', &["index.html"]));
    write_entry(
        &mut text,
        "Page(Blog { slug: \"x\", id: 1 })",
        &entry('b', &["x/1/index.html"]),
    );
    let Some(Index::Whole(mut m)) = Index::parse(&text) else {
        panic!("the old manifest");
    };
    assert_eq!(m.keys().count(), 2);
    m.take_dirty();
    m.mark_all_dirty();
    assert_eq!(
        m.take_dirty(),
        BTreeSet::from([Shard::Site, Shard::Blogs(0)])
    );
}

#[test]
fn an_intent_makes_its_outputs_stale_with_every_file_they_may_hold() {
    let mut m = Manifest::default();
    m.insert("Page(About)".into(), entry('a', &["about/index.html"]));
    m.insert("Page(Home)".into(), entry('b', &["index.html"]));
    m.take_dirty();
    let mut intent = Intent::default();
    intent.add(
        "Page(About)",
        ["about/index.html".to_owned(), "about/new.html".to_owned()],
    );
    intent.add("Page(Blogs(9))", ["blogs/9/index.html".to_owned()]);
    let intent = Intent::parse(&intent.to_text()).expect("reads back");
    intent.apply(&mut m);
    assert_eq!(
        m.get("Page(About)"),
        Some(&Entry {
            digest: STALE.into(),
            files: ["about/index.html".into(), "about/new.html".into()].into()
        })
    );
    assert_eq!(m.get("Page(Blogs(9))").unwrap().digest, STALE);
    assert_eq!(m.get("Page(Home)"), Some(&entry('b', &["index.html"])));
    assert_eq!(
        m.take_dirty(),
        BTreeSet::from([Shard::Site, Shard::Listing(0)])
    );
}
