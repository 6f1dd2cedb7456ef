//! [`super::Localized`] as templates and islands get it, and [`super::mark`] on the HTML the
//! generator writes.

use minijinja::Value;

use super::Localized;
use super::marks::{close, mark, open};
use crate::routes::Lang;

/// `text` marked as English, as a template writes it.
fn en(text: &str) -> String {
    let mut out = String::new();
    open(&mut out, Lang::En);
    out.push_str(text);
    close(&mut out, Lang::En);
    out
}

#[test]
fn html_without_markers_is_left_exactly_as_it_is() {
    let html = "<p class=\"x\" data-a='1 > 0'>Text <b>bold</b></p><img alt=\"a\">".to_owned();
    assert_eq!(mark(html.clone()), html);
}

#[test]
fn a_text_that_is_all_an_element_holds_marks_the_element() {
    let cases = [
        (
            format!(
                "<h1 id=\"page-title\" class=\"page-title\">{}</h1>",
                en("Valet.")
            ),
            r#"<h1 id="page-title" class="page-title" lang="en" dir="ltr">Valet.</h1>"#,
            "a heading",
        ),
        (
            format!("<div><p>\n  {}\n</p><p>نص</p></div>", en("Here is how.")),
            "<div><p lang=\"en\" dir=\"ltr\">\n  Here is how.\n</p><p>نص</p></div>",
            "white space around it",
        ),
        (
            format!(
                "<div><h2 class=\"card-title\" dir=\"auto\"><a href=\"/b/1\">{}</a></h2><p>x</p></div>",
                en("A title")
            ),
            "<div><h2 class=\"card-title\" dir=\"ltr\" lang=\"en\"><a href=\"/b/1\">A title</a></h2><p>x</p></div>",
            "the outermost element that holds nothing else; its dir replaced in place",
        ),
        (
            format!("<main><p>{}</p></main>", en("Only this.")),
            r#"<main><p lang="en" dir="ltr">Only this.</p></main>"#,
            "never the page's main, body or html",
        ),
        (
            format!(
                "<p class=\"card-text\" data-full=\"{}\">{}</p>",
                en("The whole text."),
                en("The whole…")
            ),
            r#"<p class="card-text" data-full="The whole text." lang="en" dir="ltr">The whole…</p>"#,
            "its own attributes lose their markers",
        ),
        (
            format!("<ul><li>{}</li><li>نص</li></ul>", en("Porter")),
            r#"<ul><li lang="en" dir="ltr">Porter</li><li>نص</li></ul>"#,
            "a list item among others",
        ),
        (
            format!(
                "<select><option value=\"\">اختر</option><option value=\"DEL\">{}</option></select>",
                en("Delhi")
            ),
            r#"<select><option value="">اختر</option><option value="DEL" lang="en" dir="ltr">Delhi</option></select>"#,
            "an option",
        ),
    ];
    for (html, marked, case) in cases {
        assert_eq!(mark(html), marked, "{case}");
    }
}

#[test]
fn a_text_among_other_content_is_isolated_in_a_span() {
    let cases = [
        (
            format!("<p>اتصل بنا على {} الآن.</p>", en("+971 4 555 0142")),
            r#"<p>اتصل بنا على <span lang="en" dir="ltr">+971 4 555 0142</span> الآن.</p>"#,
            "inside Arabic running text",
        ),
        (
            format!("<p>{} {}</p>", en("One."), en("Two.")),
            r#"<p><span lang="en" dir="ltr">One.</span> <span lang="en" dir="ltr">Two.</span></p>"#,
            "two texts in one element",
        ),
        (
            format!(
                "<a href=\"/\"><img src=\"i.svg\" alt=\"\"> {}</a>",
                en("Open")
            ),
            r#"<a href="/"><img src="i.svg" alt=""> <span lang="en" dir="ltr">Open</span></a>"#,
            "beside an image",
        ),
        (
            format!("<section>{}</section>", en("<p>One.</p><p>Two.</p>")),
            r#"<section lang="en" dir="ltr"><p>One.</p><p>Two.</p></section>"#,
            "markup that is all of an element",
        ),
        (
            format!("<section><h2>عنوان</h2>{}</section>", en("<p>One.</p>")),
            r#"<section><h2>عنوان</h2><div lang="en" dir="ltr"><p>One.</p></div></section>"#,
            "markup among other content: a div",
        ),
    ];
    for (html, marked, case) in cases {
        assert_eq!(mark(html), marked, "{case}");
    }
}

#[test]
fn a_text_where_nothing_can_be_marked_is_written_as_it_is() {
    let cases = [
        (
            format!(
                "<section aria-label=\"{}\"><p>نص</p></section>",
                en("Valet & more")
            ),
            r#"<section aria-label="Valet & more"><p>نص</p></section>"#,
            "an attribute value",
        ),
        (
            format!("<title>{} | دار وصل</title><p>x</p>", en("Valet")),
            "<title>Valet | دار وصل</title><p>x</p>",
            "the page's title",
        ),
        (
            format!("<script>var a = \"{}\";</script>", en("x")),
            "<script>var a = \"x\";</script>",
            "a script",
        ),
        (
            format!("<select><option>{} (DEL)</option></select>", en("Delhi")),
            "<select><option>Delhi (DEL)</option></select>",
            "part of an option's text",
        ),
        (
            format!(
                "<p>{}</p>",
                en("unclosed").replace("</concierge-lang-en>", "")
            ),
            "<p>unclosed</p>",
            "a marker without its pair",
        ),
    ];
    for (html, marked, case) in cases {
        assert_eq!(mark(html), marked, "{case}");
    }
}

#[test]
fn tags_with_quotes_void_elements_and_comments_do_not_confuse_the_tree() {
    let html = format!(
        "<div data-x='a > b' title=\"it's\"><!-- <p> --><img src=\"a.svg\" alt=\"\"><br><svg><path d=\"M0\"/></svg><p>{}</p></div>",
        en("Text.")
    );
    assert!(mark(html).contains(r#"<svg><path d="M0"/></svg><p lang="en" dir="ltr">Text.</p>"#));
}

#[test]
fn a_text_in_the_pages_language_is_a_plain_string_and_a_foreign_one_says_its_language() {
    let arabic = Localized::new("صف السيارات", Lang::Ar, Lang::Ar);
    let english = Localized::new("Valet.", Lang::En, Lang::Ar);
    assert_eq!(serde_json::to_string(&arabic).unwrap(), r#""صف السيارات""#);
    assert_eq!(
        serde_json::to_string(&english).unwrap(),
        r#"{"text":"Valet.","lang":"en"}"#
    );
    assert_eq!(english.lang(Lang::Ar), Lang::En);
    assert_eq!(arabic.lang(Lang::Ar), Lang::Ar);
    assert_eq!(Localized::new("Valet", Lang::En, Lang::En).foreign(), None);
}

#[test]
fn a_template_value_keeps_its_language_through_props_and_prints_its_text_in_filters() {
    let english = Localized::new("A & B.", Lang::En, Lang::Ar);
    let value = Value::from(minijinja::value::Serde(vec![english.clone()]));
    let item = value.get_item(&Value::from(0)).unwrap();
    assert_eq!(
        item.downcast_object_ref::<Localized>(),
        Some(&english),
        "the object itself"
    );
    assert_eq!(item.to_string(), "A & B.");
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        r#"[{"text":"A & B.","lang":"en"}]"#,
        "an island's props"
    );
    let arabic = Value::from(minijinja::value::Serde(Localized::new(
        "نص",
        Lang::Ar,
        Lang::Ar,
    )));
    assert_eq!(serde_json::to_string(&arabic).unwrap(), r#""نص""#);
    assert!(
        !Value::from(minijinja::value::Serde(Localized::new(
            "",
            Lang::En,
            Lang::Ar
        )))
        .is_true()
    );
}

#[test]
fn a_template_writes_a_foreign_text_between_markers_that_the_page_resolves() {
    let english = Localized::new("<Valet>", Lang::En, Lang::Ar);
    assert_eq!(
        mark(format!("<p>{}</p>", english.template_html())),
        r#"<p lang="en" dir="ltr">&lt;Valet&gt;</p>"#
    );
    let arabic = Localized::new("<صف>", Lang::Ar, Lang::Ar);
    assert_eq!(
        arabic.template_html(),
        "&lt;صف&gt;",
        "exactly what a string writes"
    );
    let body = Localized::new("<p>Body.</p>", Lang::En, Lang::Ar).into_markup();
    assert_eq!(
        mark(format!(
            "<div class=\"prose\">{}</div>",
            body.template_html()
        )),
        r#"<div class="prose" lang="en" dir="ltr"><p>Body.</p></div>"#
    );
}
