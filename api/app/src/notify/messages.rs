//! The messages an enquiry (a contact enquiry or an airport request) sends, written once when it is stored (a retry sends the very same
//! message, with the same key): the staff's email, the visitor's acknowledgement in the page's
//! language, and the CRM's webhook body.

use crate::enquiries::Saved;
use concierge_core::config::Settings;
use concierge_send::mail::{Channel, Message};
use concierge_store::entities::{airport_request, contact};

/// What a queued message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    StaffEmail,
    VisitorEmail,
    Webhook,
    /// A content review's hand-off: to the editors when a change waits, to its author when it
    /// comes back (`content::review_queue`).
    ReviewEmail,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::StaffEmail => "staff_email",
            Kind::VisitorEmail => "visitor_email",
            Kind::Webhook => "webhook",
            Kind::ReviewEmail => "review_email",
        }
    }

    /// How a queued message of this kind (as its row names it) goes.
    pub fn channel_of(kind: &str) -> Channel {
        if kind == Kind::Webhook.as_str() {
            Channel::Webhook
        } else {
            Channel::Email
        }
    }
}

/// The messages the configuration asks for, for a new enquiry.
pub fn for_enquiry(settings: &Settings, saved: &Saved) -> Vec<(Kind, Message)> {
    match saved {
        Saved::Contact(enquiry) => for_contact(settings, enquiry),
        Saved::Airport(request) => for_airport(settings, request),
    }
}

/// The host part of the site's address, for message ids.
pub fn host(settings: &Settings) -> String {
    settings
        .site_url
        .split("://")
        .nth(1)
        .unwrap_or("concierge.local")
        .split(['/', ':'])
        .next()
        .unwrap_or("concierge.local")
        .to_owned()
}

/// A random part of a message's key.
fn token() -> String {
    concierge_core::token::new_token()
        .0
        .chars()
        .take(16)
        .collect()
}

fn for_contact(settings: &Settings, enquiry: &contact::Model) -> Vec<(Kind, Message)> {
    let mut out = Vec::new();
    let admin_url = format!("{}/admin/addcontactus/{}", settings.site_url, enquiry.id);
    let host = host(settings);
    if settings.smtp_url.is_some() {
        if !settings.notify_emails.is_empty() {
            out.push((
                Kind::StaffEmail,
                staff_email(
                    settings,
                    enquiry,
                    &admin_url,
                    &format!("<enquiry-{}-staff.{}@{host}>", enquiry.id, token()),
                ),
            ));
        }
        out.push((
            Kind::VisitorEmail,
            acknowledgement(
                enquiry,
                &format!("<enquiry-{}-ack.{}@{host}>", enquiry.id, token()),
            ),
        ));
    }
    if settings.webhook_url.is_some() {
        out.push((
            Kind::Webhook,
            webhook(
                enquiry,
                &admin_url,
                &format!("enquiry-{}-{}", enquiry.id, token()),
            ),
        ));
    }
    out
}

fn for_airport(settings: &Settings, request: &airport_request::Model) -> Vec<(Kind, Message)> {
    let mut out = Vec::new();
    let admin_url = format!("{}/admin/airportrequests/{}", settings.site_url, request.id);
    let host = host(settings);
    if settings.smtp_url.is_some() {
        if !settings.notify_emails.is_empty() {
            out.push((
                Kind::StaffEmail,
                airport_staff_email(
                    settings,
                    request,
                    &admin_url,
                    &format!("<airport-{}-staff.{}@{host}>", request.id, token()),
                ),
            ));
        }
        out.push((
            Kind::VisitorEmail,
            airport_acknowledgement(
                request,
                &format!("<airport-{}-ack.{}@{host}>", request.id, token()),
            ),
        ));
    }
    if settings.webhook_url.is_some() {
        let key = format!("airport-{}-{}", request.id, token());
        let body = serde_json::json!({
            "event": "airport_request.created",
            "type": "airport_request",
            "delivery": key,
            "airportRequest": concierge_store::enquiries::airport_view(request),
            "admin_url": admin_url,
        });
        out.push((
            Kind::Webhook,
            Message {
                key,
                to: Vec::new(),
                subject: String::new(),
                body: body.to_string(),
            },
        ));
    }
    out
}

/// The airport desk's email: every detail, each of the visitor's values on its own line (so
/// none can pass for a line of the email's own), the phone exactly as it was kept.
fn airport_staff_email(
    settings: &Settings,
    r: &airport_request::Model,
    admin_url: &str,
    key: &str,
) -> Message {
    let details = |json: Option<&str>| -> Vec<(String, String)> {
        json.and_then(|t| {
            serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(t).ok()
        })
        .map(|map| {
            map.into_iter()
                .map(|(k, v)| {
                    let value = match v {
                        serde_json::Value::String(s) => s,
                        other => other.to_string(),
                    };
                    (k, one_line(&value))
                })
                .collect()
        })
        .unwrap_or_default()
    };
    let services: Vec<String> = serde_json::from_str(&r.services).unwrap_or_default();
    let mut body = format!(
        "A new airport request has arrived on the {language} site.\n\n\
         Reference: {reference}\n\
         Passenger: {title} {name}\n\
         Mobile:    {mobile}\n\
         Email:     {email}\n\n\
         Flight:    {flight} ({direction})\n\
         Day:       {date} at {time} (local time)\n\
         Airport:   {airport}, {terminal} — {city}, {country}\n\
         Services:  {services}\n\
         Received:  {received} (UTC)\n",
        language = language_name(&r.lang),
        reference = r.reference,
        title = one_line(&r.title),
        name = one_line(&r.full_name),
        mobile = one_line(&r.mobile),
        email = one_line(&r.email),
        flight = one_line(&r.flight_number),
        direction = r.departure_arrival,
        date = r.date,
        time = r.time,
        airport = one_line(&r.airport),
        terminal = one_line(&r.terminal),
        city = one_line(&r.city),
        country = one_line(&r.country),
        services = services.join(", "),
        received = r.created_date.format("%d-%m-%Y %H:%M"),
    );
    for (heading, json) in [
        ("Meet & Greet", r.meet_greet.as_deref()),
        ("Porter", r.porter_service.as_deref()),
    ] {
        let lines = details(json);
        if !lines.is_empty() {
            body.push_str(&format!("\n{heading}:\n"));
            for (name, value) in lines {
                body.push_str(&format!("> {name}: {value}\n"));
            }
        }
    }
    body.push_str(&format!("\nOpen it in the admin: {admin_url}\n"));
    Message {
        key: key.to_owned(),
        to: settings.notify_emails.clone(),
        subject: one_line(&format!(
            "New airport request {}: {} {} {} — {}",
            r.reference, r.airport, r.flight_number, r.date, r.full_name
        )),
        body,
    }
}

/// The visitor's acknowledgement of an airport request: its reference and the promise, and
/// nothing the visitor typed.
fn airport_acknowledgement(r: &airport_request::Model, key: &str) -> Message {
    let (subject, body) = if r.lang == "ar" {
        (
            format!(
                "تلقّينا طلب خدمات المطار {} — دار وصل للكونسيرج",
                r.reference
            ),
            format!(
                "عزيزنا الضيف،\n\n\
                 شكرًا لاختيارك دار وصل للكونسيرج. وصلنا طلب خدمات المطار، ورقمه المرجعي {reference}.\n\n\
                 سيتواصل معك مكتب خدمات المطار قريبًا لتأكيد التفاصيل. إن احتجت إلى تعديل أي شيء، فاذكر الرقم المرجعي عند اتصالك بمكتبنا المتاح على مدار الساعة.\n\n\
                 مع أطيب التحيات،\nفريق دار وصل للكونسيرج\n\n\
                 وصلتك هذه الرسالة لأن عنوان بريدك أُدخل في نموذج طلب خدمات المطار على موقعنا. إن لم تكن أنت من أرسله، فتجاهلها.\n",
                reference = r.reference
            ),
        )
    } else {
        (
            format!("Your airport request {} — Dar Wasl Concierge", r.reference),
            format!(
                "Dear guest,\n\n\
                 Thank you for choosing Dar Wasl Concierge. Your airport request has reached us; its reference is {reference}.\n\n\
                 Our airport desk will contact you shortly to confirm the details. Should anything change, please quote the reference when you call our desk, which answers at any hour.\n\n\
                 With our warmest regards,\nThe Dar Wasl Concierge team\n\n\
                 You received this message because your address was entered in the airport request form of our website. If it was not you, please ignore it.\n",
                reference = r.reference
            ),
        )
    };
    Message {
        key: key.to_owned(),
        to: vec![r.email.clone()],
        subject,
        body,
    }
}

fn language_name(lang: &str) -> &'static str {
    if lang == "ar" { "Arabic" } else { "English" }
}

/// The staff's email. What the visitor typed is set apart so that it cannot pass for the
/// email's own lines: the subject on one line, every line of the message quoted with `> `.
/// The phone is shown exactly as it was kept.
fn staff_email(settings: &Settings, e: &contact::Model, admin_url: &str, key: &str) -> Message {
    let body = format!(
        "A new enquiry has arrived on the {language} site. The visitor was promised a reply within 24 hours.\n\n\
         Name:     {first} {last}\n\
         Email:    {email}\n\
         Phone:    {phone}\n\
         Subject:  {subject}\n\
         Language: {language}\n\
         Received: {received} (UTC)\n\n\
         Message:\n{message}\n\n\
         Open it in the admin: {admin_url}\n",
        language = language_name(&e.lang),
        first = one_line(&e.first_name),
        last = one_line(&e.last_name),
        email = one_line(&e.email),
        phone = one_line(&e.phone),
        subject = one_line(&e.subject),
        received = e.created_date.format("%d-%m-%Y %H:%M"),
        message = quoted(&e.message),
    );
    Message {
        key: key.to_owned(),
        to: settings.notify_emails.clone(),
        subject: one_line(&format!(
            "New enquiry: {} — {} {}",
            e.subject, e.first_name, e.last_name
        )),
        body,
    }
}

/// The visitor's acknowledgement: the promise, and nothing the visitor typed (the form must
/// not be a way to send someone else a message).
fn acknowledgement(e: &contact::Model, key: &str) -> Message {
    let (subject, body) = if e.lang == "ar" {
        (
            "تلقّينا طلبك — دار وصل للكونسيرج",
            "عزيزنا الضيف،\n\n\
             شكرًا لتواصلك مع دار وصل للكونسيرج. وصلنا طلبك، وسيتواصل معك أحد أعضاء فريقنا خلال 24 ساعة، وغالبًا قبل ذلك بكثير.\n\n\
             إن كان طلبك عاجلًا، فمكتبنا متاح على مدار الساعة عبر الهاتف.\n\n\
             مع أطيب التحيات،\nفريق دار وصل للكونسيرج\n\n\
             وصلتك هذه الرسالة لأن عنوان بريدك أُدخل في نموذج التواصل على موقعنا. إن لم تكن أنت من أرسله، فتجاهلها.\n",
        )
    } else {
        (
            "We have received your enquiry — Dar Wasl Concierge",
            "Dear guest,\n\n\
             Thank you for contacting Dar Wasl Concierge. Your enquiry has reached us, and a member of our team will reply within 24 hours, usually much sooner.\n\n\
             If your request is urgent, our desk answers the telephone at any hour.\n\n\
             With our warmest regards,\nThe Dar Wasl Concierge team\n\n\
             You received this message because your address was entered in the contact form of our website. If it was not you, please ignore it.\n",
        )
    };
    Message {
        key: key.to_owned(),
        to: vec![e.email.clone()],
        subject: subject.to_owned(),
        body: body.to_owned(),
    }
}

fn webhook(e: &contact::Model, admin_url: &str, key: &str) -> Message {
    let body = serde_json::json!({
        "event": "enquiry.created",
        "type": "contact_enquiry",
        "delivery": key,
        "enquiry": {
            "id": e.id, "first_name": e.first_name, "last_name": e.last_name, "email": e.email,
            "phone": e.phone, "subject": e.subject, "message": e.message, "lang": e.lang,
            "created_date": e.created_date, "admin_url": admin_url,
        },
    });
    Message {
        key: key.to_owned(),
        to: Vec::new(),
        subject: String::new(),
        body: body.to_string(),
    }
}

/// A header value on one line: every run of white space, line breaks included, is one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every character a mail reader may take for the end of a line (CR LF counts once).
const LINE_BREAKS: [char; 7] = [
    '\r', '\n', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}',
];

/// Visitor text as a quotation: each of its lines, however it was broken, starts with `> `
/// (a blank one is `>`), so none can start like a line of the email's own.
fn quoted(text: &str) -> String {
    text.replace("\r\n", "\n")
        .split(LINE_BREAKS)
        .map(|line| match line {
            "" => ">".to_owned(),
            line => format!("> {line}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visitor_text_is_quoted_line_by_line_whatever_breaks_its_lines() {
        assert_eq!(
            quoted("Hello\r\nEmail: x@evil.example\rPhone: 1\n\nBye\u{2028}Name: y"),
            "> Hello\n> Email: x@evil.example\n> Phone: 1\n>\n> Bye\n> Name: y"
        );
        assert_eq!(
            one_line(" Arrival\r\nPhone: +1 \u{2028} x"),
            "Arrival Phone: +1 x"
        );
    }
}
