//! People's names, phones and e-mail addresses, with the specification's messages.

/// A first or last name: letters of any script, spaces, hyphens and apostrophes
/// (architecture decision 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Option<Self> {
        let name = raw.trim();
        let allowed =
            |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '\u{2019}' | '\u{200C}');
        (name.chars().any(char::is_alphabetic) && name.chars().all(allowed))
            .then(|| PersonName(name.split_whitespace().collect::<Vec<_>>().join(" ")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number kept as the visitor can be called back ("Enquiry desk"): its digits, after
/// the `+` of an international number when it was typed with one. Spaces, dashes, brackets,
/// dots and that one leading `+` are set aside before the rule of architecture decision 2, which
/// counts digits: 10 to 15 must remain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Option<Self> {
        let trimmed = raw.trim();
        let (plus, body) = match trimmed.strip_prefix('+') {
            Some(body) => ("+", body),
            None => ("", trimmed),
        };
        let digits: String = body
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.'))
            .collect();
        (digits.chars().all(|c| c.is_ascii_digit()) && (10..=15).contains(&digits.len()))
            .then(|| Phone(format!("{plus}{digits}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An e-mail address of ordinary shape: `local@domain.tld`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Option<Self> {
        let email = raw.trim();
        if email.len() > 254 {
            return None;
        }
        let (local, domain) = email.rsplit_once('@')?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local
                .chars()
                .all(|c| c.is_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.chars().all(|c| c.is_alphanumeric() || c == '-')
            })
            && labels.last().is_some_and(|tld| {
                tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic)
            });
        (local_ok && domain_ok).then(|| Email(email.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address as stored for the newsletter: trimmed and lower-cased (decision 6).
    pub fn normalized(&self) -> String {
        self.0.to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_script_are_accepted() {
        for name in [
            "Fatima",
            "محمد",
            "عبد الله",
            "Anne-Marie",
            "O'Neil",
            "José",
            "Ng",
            "زَيْد",
        ] {
            assert!(PersonName::parse(name).is_some(), "{name}");
        }
    }

    #[test]
    fn names_with_digits_symbols_or_direction_overrides_are_refused() {
        for name in ["R2D2", "a@b", "<script>", "Ali\u{202E}", "---", "  "] {
            assert!(PersonName::parse(name).is_none(), "{name:?}");
        }
    }

    #[test]
    fn phones_keep_their_digits_and_the_plus_of_an_international_number() {
        for (typed, kept) in [
            ("+971 50 123 4567", "+971501234567"),
            ("+966501234567", "+966501234567"),
            (" +44 (20) 7946-0958 ", "+442079460958"),
            ("(020) 7946-0958", "02079460958"),
            ("050 123 4567", "0501234567"),
            ("00971501234567", "00971501234567"),
        ] {
            assert_eq!(Phone::parse(typed).unwrap().as_str(), kept, "{typed}");
        }
        // The rule counts digits, never the `+`: 15 digits with one pass, 9 do not.
        assert!(Phone::parse("+123456789012345").is_some());
        assert!(Phone::parse("+123456789").is_none());
        for bad in [
            "12345",
            "+1234567890123456",
            "++971501234567",
            "97150abc4567",
            "+971 50 123 4567 x1",
        ] {
            assert!(Phone::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn email_shape_is_checked() {
        for ok in [
            "a@b.co",
            "first.last+tag@concierge.example.com",
            "USER@Example.AE",
        ] {
            assert!(Email::parse(ok).is_some(), "{ok}");
        }
        for bad in [
            "plain",
            "a@b",
            "a@.com",
            "a..b@c.com",
            "a@b.c",
            "a b@c.com",
            "@c.com",
            "a@-b.com",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(
            Email::parse(" USER@Example.AE ").unwrap().normalized(),
            "user@example.ae"
        );
    }
}

/// Who is filling in the contact form: the public form and the admin form word the
/// "required" messages differently; the format rules and their messages are shared.
pub use super::rules::Audience;

/// The contact enquiry as sent.
#[derive(Debug, Default, Clone)]
pub struct ContactDraft {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub subject: Option<String>,
    pub message: Option<String>,
}

/// A contact enquiry that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub phone: Phone,
    pub email: Email,
    pub subject: String,
    pub message: String,
}

/// The six rules of the specification's section 5, in order; the first failure of each field
/// is recorded and the first failure overall is the headline.
pub fn validate(
    draft: ContactDraft,
    audience: Audience,
) -> Result<Contact, crate::error::ApiError> {
    let mut f = super::form::Form::for_audience(&super::rules::catalog().forms.contact, audience);
    let first_name = f.shaped("first_name", draft.first_name, PersonName::parse);
    let last_name = f.shaped("last_name", draft.last_name, PersonName::parse);
    let phone = f.shaped("phone", draft.phone, Phone::parse);
    let email = f.shaped("email", draft.email, Email::parse);
    let subject = f.text("subject", draft.subject);
    let message = f.text("message", draft.message);
    f.finish()?;
    match (first_name, last_name, phone, email) {
        (Some(first_name), Some(last_name), Some(phone), Some(email)) => Ok(Contact {
            first_name,
            last_name,
            phone,
            email,
            subject,
            message,
        }),
        _ => unreachable!("every failed parse recorded a field error"),
    }
}

#[cfg(test)]
mod rule_tests {
    use super::*;

    fn draft() -> ContactDraft {
        ContactDraft {
            first_name: Some("نورة".into()),
            last_name: Some("Al-Qahtani".into()),
            phone: Some("+971 50 123 4567".into()),
            email: Some("noura@example.ae".into()),
            subject: Some("Arrival in Dubai".into()),
            message: Some("Meet and greet for three.".into()),
        }
    }

    #[test]
    fn an_arabic_named_visitor_with_a_uae_phone_is_accepted() {
        let contact = validate(draft(), Audience::Visitor).unwrap();
        assert_eq!(contact.phone.as_str(), "+971501234567");
    }

    #[test]
    fn each_rule_has_the_specification_message_and_the_first_failure_wins() {
        type Edit = fn(&mut ContactDraft);
        let cases: [(Edit, &str); 10] = [
            (|d| d.first_name = None, "First name is required."),
            (
                |d| d.first_name = Some("J0hn".into()),
                "First name should contain only letters.",
            ),
            (|d| d.last_name = Some(" ".into()), "Last name is required."),
            (
                |d| d.last_name = Some("Smith!".into()),
                "Last name should contain only letters.",
            ),
            (|d| d.phone = None, "Phone number is required."),
            (
                |d| d.phone = Some("12345".into()),
                "Phone number should be 10 to 15 digits only.",
            ),
            (|d| d.email = None, "Email address is required."),
            (
                |d| d.email = Some("not-an-email".into()),
                "Please enter a valid email address.",
            ),
            (|d| d.subject = None, "Subject is required."),
            (|d| d.message = Some("".into()), "Message is required."),
        ];
        for (edit, message) in cases {
            let mut d = draft();
            edit(&mut d);
            assert_eq!(
                validate(d, Audience::Visitor).unwrap_err().to_string(),
                message
            );
        }
        let all_bad = ContactDraft {
            phone: Some("1".into()),
            ..Default::default()
        };
        assert_eq!(
            validate(all_bad, Audience::Visitor)
                .unwrap_err()
                .to_string(),
            "First name is required."
        );
    }

    #[test]
    fn the_admin_form_words_required_fields_its_own_way() {
        let d = ContactDraft {
            first_name: Some("Sara".into()),
            ..draft()
        };
        let d = ContactDraft { phone: None, ..d };
        assert_eq!(
            validate(d, Audience::Admin).unwrap_err().to_string(),
            "Please enter the mobile number"
        );
    }
}

/// Where an enquiry stands in the inbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnquiryStatus {
    New,
    InProgress,
    Replied,
    Closed,
    Spam,
}

impl EnquiryStatus {
    pub const ALL: [EnquiryStatus; 5] = [
        EnquiryStatus::New,
        EnquiryStatus::InProgress,
        EnquiryStatus::Replied,
        EnquiryStatus::Closed,
        EnquiryStatus::Spam,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            EnquiryStatus::New => "new",
            EnquiryStatus::InProgress => "in_progress",
            EnquiryStatus::Replied => "replied",
            EnquiryStatus::Closed => "closed",
            EnquiryStatus::Spam => "spam",
        }
    }

    pub fn parse(raw: &str) -> Option<EnquiryStatus> {
        EnquiryStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == raw.trim())
    }
}

/// The page language an enquiry came from.
pub fn parse_lang(raw: &str) -> Option<&'static str> {
    match raw.trim() {
        "en" => Some("en"),
        "ar" => Some("ar"),
        _ => None,
    }
}
