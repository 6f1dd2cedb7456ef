//! Enquiries reach a person: on a real SMTP server (aiosmtpd, started here) and a real HTTP
//! receiver for the webhook, both on loopback.

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use concierge::config::RetryPolicy;
use serde_json::{Value, json};

use crate::faults::{create_admin, serve_with};
use crate::helpers::{
    Received, Receiver, TestApp, contact, free_port, fresh_database_url, read, spawn_app_with,
};

/// aiosmtpd on loopback, writing each message it receives to a folder.
pub struct SmtpSink {
    child: Child,
    dir: tempfile::TempDir,
}

impl SmtpSink {
    pub fn start(port: u16) -> SmtpSink {
        let dir = tempfile::tempdir().unwrap();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/smtp_sink.py");
        let mut child = Command::new("python3")
            .args([script, "127.0.0.1", &port.to_string()])
            .arg(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 runs the SMTP sink (pip install aiosmtpd)");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(
            line.trim(),
            "ready",
            "the SMTP sink started (is aiosmtpd installed?)"
        );
        SmtpSink { child, dir }
    }

    /// Every message received so far, decoded.
    pub fn messages(&self) -> Vec<Mail> {
        let mut files: Vec<_> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "eml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| Mail::parse(&std::fs::read_to_string(p).unwrap()))
            .collect()
    }

    pub async fn wait_for(&self, count: usize, within: Duration) -> Vec<Mail> {
        let started = Instant::now();
        loop {
            let messages = self.messages();
            if messages.len() >= count {
                return messages;
            }
            assert!(
                started.elapsed() < within,
                "{} of {count} messages arrived",
                messages.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A received email: its headers and its decoded text.
#[derive(Debug)]
pub struct Mail {
    headers: String,
    pub body: String,
}

impl Mail {
    fn parse(raw: &str) -> Mail {
        let raw = raw.replace("\r\n", "\n");
        let (headers, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
        let encoding = headers.to_ascii_lowercase();
        let body = if encoding.contains("content-transfer-encoding: base64") {
            let joined: String = body.split_whitespace().collect();
            String::from_utf8(
                base64::engine::general_purpose::STANDARD
                    .decode(joined)
                    .unwrap(),
            )
            .unwrap()
        } else if encoding.contains("content-transfer-encoding: quoted-printable") {
            quoted_printable(body)
        } else {
            body.to_owned()
        };
        Mail {
            headers: headers.to_owned(),
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<String> {
        let prefix = format!("{}:", name.to_ascii_lowercase());
        self.headers
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
            .map(|l| l[prefix.len()..].trim().to_owned())
    }
}

fn quoted_printable(text: &str) -> String {
    let mut bytes = Vec::new();
    let text = text.replace("=\n", "");
    let mut chars = text.as_bytes().iter().copied().peekable();
    while let Some(b) = chars.next() {
        if b == b'=' {
            let hex: Vec<u8> = chars.by_ref().take(2).collect();
            bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).unwrap(), 16).unwrap());
        } else {
            bytes.push(b);
        }
    }
    String::from_utf8(bytes).unwrap()
}

/// A CRM's webhook on loopback: answers 500 to the first `failing` deliveries; its URL.
fn webhook(failing: usize) -> (Receiver, String) {
    let receiver = Receiver::start(move |n| if n < failing { 500 } else { 200 });
    let url = format!("{}/hooks/enquiries", receiver.base);
    (receiver, url)
}

const SECRET: &str = "a CRM's shared secret";

async fn app_with(smtp_port: u16, webhook: Option<&str>) -> TestApp {
    let webhook = webhook.map(str::to_owned);
    spawn_app_with(move |s| {
        s.smtp_url = Some(format!("smtp://127.0.0.1:{smtp_port}"));
        s.mail_from = "Dar Wasl Concierge <desk@concierge.example>".into();
        s.notify_emails = vec![
            "desk@concierge.example".into(),
            "ops@concierge.example".into(),
        ];
        s.webhook_url = webhook;
        s.webhook_secret = Some(SECRET.into());
        s.form_limit = concierge::limits::Limit::parse("1000/1m").unwrap();
        s.notify_retry = RetryPolicy {
            max_attempts: 1000,
            first_delay: Duration::from_millis(100),
        };
    })
    .await
}

#[tokio::test]
async fn an_enquiry_sends_one_staff_email_one_signed_webhook_and_an_acknowledgement_in_its_language()
 {
    let port = free_port();
    let sink = SmtpSink::start(port);
    let (receiver, url) = webhook(1);
    let app = app_with(port, Some(&url)).await;
    let mut enquiry = contact();
    enquiry["lang"] = "ar".into();
    enquiry["elapsed_ms"] = 12_000.into();
    let (status, body) = read(app.post("/contact-us", &enquiry).await).await;
    assert_eq!(status, 201, "{body}");
    let id = body["responseBody"][0]["id"].as_i64().unwrap();

    let mails = sink.wait_for(2, Duration::from_secs(10)).await;
    let staff = mails
        .iter()
        .find(|m| m.header("To").is_some_and(|t| t.contains("desk@")))
        .expect("the staff email");
    let to = staff.header("To").unwrap();
    assert!(
        to.contains("ops@concierge.example"),
        "every staff address: {to}"
    );
    for shown in [
        "نورة",
        "القحطاني",
        "noura@example.ae",
        "+971501234567",
        "Arrival in Dubai",
        "Meet and greet for three on Friday.",
        "Arabic",
        &format!("/admin/addcontactus/{id}"),
    ] {
        assert!(
            staff.body.contains(shown),
            "the staff email shows {shown}:\n{}",
            staff.body
        );
    }
    let ack = mails
        .iter()
        .find(|m| {
            m.header("To")
                .is_some_and(|t| t.contains("noura@example.ae"))
        })
        .expect("the acknowledgement");
    assert!(
        ack.body.contains("24 ساعة"),
        "in the page's language: {}",
        ack.body
    );
    assert!(
        !ack.body.contains("Meet and greet")
            && !ack.body.contains("نورة")
            && !ack.body.contains("http"),
        "nothing the visitor typed, no link"
    );
    assert!(
        staff.header("Message-ID").is_some()
            && staff.header("Message-ID") != ack.header("Message-ID")
    );

    // The webhook: refused once, delivered once more with the same delivery id and signature.
    let started = Instant::now();
    while receiver.requests().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the webhook was retried"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let seen = receiver.requests();
    assert_eq!(
        seen.iter().map(|r| r.status).collect::<Vec<_>>(),
        [500, 200],
        "delivered once it succeeded"
    );
    let delivery = |i: usize| {
        seen[i]
            .headers
            .get("x-concierge-delivery")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        delivery(0),
        delivery(1),
        "a retry keeps its idempotency key"
    );
    for Received { headers, body, .. } in &seen {
        let signature = headers
            .get("x-concierge-signature")
            .unwrap()
            .to_str()
            .unwrap();
        assert_eq!(
            signature,
            concierge::notify::signature(SECRET, body.as_bytes())
        );
        let payload: Value = serde_json::from_str(body).unwrap();
        assert_eq!(payload["enquiry"]["email"], "noura@example.ae");
        assert_eq!(payload["enquiry"]["lang"], "ar");
    }
    assert_eq!(sink.messages().len(), 2, "no message twice");
}

#[tokio::test]
async fn with_the_mail_server_down_three_enquiries_wait_and_each_arrives_once_when_it_is_back() {
    let port = free_port();
    let app = app_with(port, None).await;
    for n in 0..3 {
        let mut enquiry = contact();
        enquiry["email"] = json!(format!("guest{n}@example.ae"));
        assert_eq!(
            app.post("/contact-us", &enquiry).await.status().as_u16(),
            201
        );
    }
    let token = app.admin_token().await;
    let started = Instant::now();
    loop {
        let (_, status) = read(app.get_as(&token, "/notifications/status").await).await;
        if status["responseBody"]["lastError"].is_string() {
            assert_eq!(status["responseBody"]["pending"], 6, "{status}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the failures show: {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let sink = SmtpSink::start(port);
    let mails = sink.wait_for(6, Duration::from_secs(30)).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let ids: std::collections::BTreeSet<String> = sink
        .messages()
        .iter()
        .filter_map(|m| m.header("Message-ID"))
        .collect();
    assert_eq!(
        (mails.len(), sink.messages().len(), ids.len()),
        (6, 6, 6),
        "each once"
    );
}

#[tokio::test]
async fn spam_is_stored_but_sends_nothing() {
    let port = free_port();
    let sink = SmtpSink::start(port);
    let app = app_with(port, None).await;
    for extra in [
        json!({"company_website": "http://spam.example"}),
        json!({"elapsed_ms": 400}),
    ] {
        let mut enquiry = contact();
        for (k, v) in extra.as_object().unwrap() {
            enquiry[k] = v.clone();
        }
        assert_eq!(
            app.post("/contact-us", &enquiry).await.status().as_u16(),
            201
        );
    }
    let mut person = contact();
    person["email"] = "person@example.ae".into();
    app.post("/contact-us", &person).await;
    let mails = sink.wait_for(2, Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(sink.messages().len(), 2, "only the person's two: {mails:?}");
    assert_eq!(app.count("contact_us WHERE status = 'spam'").await, 2);
}

#[tokio::test]
async fn a_server_killed_between_the_commit_and_the_send_sends_after_its_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    create_admin(dir.path(), &url);
    let port = free_port();
    let smtp = format!("smtp://127.0.0.1:{port}");
    let env = [
        ("CONCIERGE_SMTP_URL", smtp.as_str()),
        ("CONCIERGE_NOTIFY_EMAIL", "desk@concierge.example"),
    ];
    let mut first = serve_with(dir.path(), &url, &env);
    first.ready().await;
    let sent = first
        .api(reqwest::Method::POST, "/contact-us")
        .json(&contact())
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status().as_u16(), 201, "acknowledged: committed");
    first.kill9();

    let sink = SmtpSink::start(port);
    let second = serve_with(dir.path(), &url, &env);
    second.ready().await;
    let started = Instant::now();
    // Killed mid-send, a message is taken over once its 30-second claim runs out.
    while sink.messages().len() < 2 && started.elapsed() < Duration::from_secs(45) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if sink.messages().len() < 2 {
        use sea_orm::EntityTrait;
        let db = concierge::store::connect(&url).await.unwrap();
        let rows = concierge::store::entities::outbox_message::Entity::find()
            .all(&db.read)
            .await
            .unwrap();
        panic!("not sent after the restart: {rows:#?}");
    }
    let mails = sink.messages();
    assert!(mails.iter().any(|m| {
        m.header("To")
            .is_some_and(|t| t.contains("desk@concierge.example"))
    }));
    drop(second);
}

/// The lines of a text, split at every line break a mail reader might show (CR, LF or both).
fn shown_lines(text: &str) -> Vec<&str> {
    text.split(['\r', '\n']).collect()
}

#[tokio::test]
async fn the_staff_email_shows_the_phone_as_kept_and_visitor_text_cannot_pass_for_its_lines() {
    let port = free_port();
    let sink = SmtpSink::start(port);
    let (receiver, url) = webhook(0);
    let app = app_with(port, Some(&url)).await;
    let subject = "Arrival\r\nPhone: +10000000000";
    let message = "Thank you.\r\nEmail: attacker@evil.example\r\nPhone: +10000000000\rPhone: +1999\nName: Someone Else";
    // (typed, kept, email): an international number keeps its `+`, a local one its digits.
    let cases = [
        ("+971 50 123 4567", "+971501234567", "noura@example.ae"),
        ("050-123 (4567)", "0501234567", "omar@example.sa"),
    ];
    for (typed, kept, email) in cases {
        let mut enquiry = contact();
        enquiry["phone"] = typed.into();
        enquiry["email"] = email.into();
        enquiry["subject"] = subject.into();
        enquiry["message"] = message.into();
        let (status, body) = read(app.post("/contact-us", &enquiry).await).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["responseBody"][0]["phone"], kept, "{typed}");
    }

    let mails = sink.wait_for(4, Duration::from_secs(10)).await;
    for (typed, kept, email) in cases {
        let staff = mails
            .iter()
            .find(|m| m.header("To").is_some_and(|t| t.contains("desk@")) && m.body.contains(email))
            .unwrap_or_else(|| panic!("the staff email about {email}"));
        let lines = shown_lines(&staff.body);
        let starting = |prefix: &str| {
            lines
                .iter()
                .filter(|l| l.starts_with(prefix))
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
        };
        let body = &staff.body;
        assert_eq!(starting("Email:"), [format!("Email:    {email}")], "{body}");
        assert_eq!(
            starting("Phone:"),
            [format!("Phone:    {kept}")],
            "{typed}: {body}"
        );
        assert_eq!(starting("Name:").len(), 1, "{body}");
        assert_eq!(
            starting("Subject:"),
            ["Subject:  Arrival Phone: +10000000000"],
            "the subject on one line: {body}"
        );
        for quoted in [
            "> Thank you.",
            "> Email: attacker@evil.example",
            "> Phone: +10000000000",
            "> Phone: +1999",
            "> Name: Someone Else",
        ] {
            assert!(lines.contains(&quoted), "{quoted:?} quoted: {body}");
        }
        assert!(
            !shown_lines(&staff.headers)
                .iter()
                .any(|l| l.starts_with("Phone:")),
            "no header of the visitor's: {}",
            staff.headers
        );
    }

    // The webhook is JSON: the visitor's text stays one string, the phone as kept.
    let started = Instant::now();
    while receiver.requests().len() < 2 {
        assert!(started.elapsed() < Duration::from_secs(10), "the webhooks");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen = receiver.requests();
    let mut phones: Vec<String> = seen
        .iter()
        .map(|request| {
            let payload: Value = serde_json::from_str(&request.body).unwrap();
            assert_eq!(payload["enquiry"]["message"], message);
            assert_eq!(payload["enquiry"]["subject"], subject);
            payload["enquiry"]["phone"].as_str().unwrap().to_owned()
        })
        .collect();
    phones.sort();
    assert_eq!(phones, ["+971501234567", "0501234567"]);
}

#[tokio::test]
async fn an_airport_request_reaches_the_desk_with_its_reference_and_the_visitor_gets_only_the_reference()
 {
    let port = free_port();
    let sink = SmtpSink::start(port);
    let (receiver, url) = webhook(0);
    let app = app_with(port, Some(&url)).await;
    let (status, body) = read(
        app.post("/airport-requests", &crate::helpers::airport_request())
            .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let reference = body["responseBody"][0]["reference"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        reference.starts_with("AR-") && reference.len() == 11,
        "{reference}"
    );
    assert_eq!(
        body["responseBody"][0].as_object().unwrap().len(),
        2,
        "the page is told its id and reference, nothing more: {body}"
    );

    let mails = sink.wait_for(2, Duration::from_secs(10)).await;
    let staff = mails
        .iter()
        .find(|m| m.header("To").is_some_and(|t| t.contains("desk@")))
        .expect("the staff email");
    assert!(
        staff
            .header("Subject")
            .is_some_and(|s| s.contains(&reference)),
        "{:?}",
        staff.header("Subject")
    );
    let lines = shown_lines(&staff.body);
    for line in [
        format!("Reference: {reference}"),
        "Passenger: mrs نورة القحطاني".to_owned(),
        "Mobile:    +966501234567".to_owned(),
        "Flight:    SV123 (arrival)".to_owned(),
        "Day:       2099-12-01 at 14:30 (local time)".to_owned(),
        "Airport:   RUH, Terminal 1 — Riyadh, SA".to_owned(),
        "Services:  meetGreet, fastTrack".to_owned(),
        "> meetingPoint: Arrivals hall, gate B".to_owned(),
        "> assistence: A wheelchair".to_owned(),
    ] {
        assert!(
            lines.contains(&line.as_str()),
            "{line:?} in:\n{}",
            staff.body
        );
    }
    assert!(
        lines.iter().any(|l| l.starts_with("Open it in the admin: ")
            && l.ends_with(&format!("/admin/airportrequests/{id}"))),
        "{}",
        staff.body
    );
    let ack = mails
        .iter()
        .find(|m| {
            m.header("To")
                .is_some_and(|t| t.contains("noura@example.sa"))
        })
        .expect("the acknowledgement");
    assert!(ack.body.contains(&reference), "{}", ack.body);
    assert!(
        ack.body.contains("مكتب خدمات المطار"),
        "in Arabic: {}",
        ack.body
    );
    for typed in ["نورة", "Arrivals hall", "wheelchair", "SV123", "http"] {
        assert!(
            !ack.body.contains(typed),
            "{typed} is not echoed: {}",
            ack.body
        );
    }

    let started = Instant::now();
    while receiver.requests().is_empty() {
        assert!(started.elapsed() < Duration::from_secs(10), "the webhook");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen = receiver.requests();
    let hook = &seen[0];
    assert_eq!(
        hook.headers["x-concierge-signature"].to_str().unwrap(),
        concierge::notify::signature(SECRET, hook.body.as_bytes())
    );
    let payload: Value = serde_json::from_str(&hook.body).unwrap();
    assert_eq!(payload["type"], "airport_request");
    assert_eq!(payload["airportRequest"]["reference"], reference.as_str());
    assert_eq!(
        payload["airportRequest"]["passengerDetails"]["mobile"],
        "+966501234567"
    );
    assert_eq!(payload["airportRequest"]["meetGreet"]["numPassengers"], 3);
}
