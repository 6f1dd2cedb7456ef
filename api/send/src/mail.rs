//! Mail and webhooks: SMTP through lettre (`smtp://host:port`, `smtps://user:password@host:465`,
//! `smtp://host:587?tls=starttls`), and the webhook as a POST signed with HMAC-SHA256.

use std::time::Duration;

use anyhow::{Context, bail};
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use serde::{Deserialize, Serialize};

use concierge_core::config::Settings;

/// One message as queued, and as sent.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Message {
    /// The idempotency key: the email's `Message-ID`, or the webhook's `X-Concierge-Delivery`.
    pub key: String,
    /// Email recipients (none for a webhook).
    pub to: Vec<String>,
    pub subject: String,
    /// Plain text of an email, or the webhook's JSON.
    pub body: String,
}

/// How a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Webhook,
}

/// A parsed `CONCIERGE_SMTP_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpTarget {
    pub host: String,
    pub port: u16,
    /// `smtps://`: TLS from the first byte.
    pub implicit_tls: bool,
    /// `?tls=starttls`: upgrade, and refuse a server that cannot.
    pub starttls: bool,
    pub user: Option<String>,
    pub password: Option<String>,
}

impl SmtpTarget {
    pub fn parse(url: &str) -> Result<SmtpTarget, String> {
        let bad = || {
            format!(
                "{url:?} is not an SMTP URL like smtp://host:25, smtps://user:password@host:465 or smtp://host:587?tls=starttls"
            )
        };
        let (scheme, rest) = url.split_once("://").ok_or_else(bad)?;
        let implicit_tls = match scheme {
            "smtp" => false,
            "smtps" => true,
            _ => return Err(bad()),
        };
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let starttls = match query {
            "" => false,
            "tls=starttls" | "tls=required" => true,
            _ => return Err(bad()),
        };
        let (credentials, address) = match rest.rsplit_once('@') {
            Some((c, a)) => (Some(c), a),
            None => (None, rest),
        };
        let address = address.trim_end_matches('/');
        let (host, port) = match address.rsplit_once(':') {
            Some((h, p)) => (h, p.parse::<u16>().map_err(|_| bad())?),
            None => (address, if implicit_tls { 465 } else { 25 }),
        };
        if host.is_empty() {
            return Err(bad());
        }
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        };
        let (user, password) = match credentials {
            Some(c) => match c.split_once(':') {
                Some((u, p)) => (Some(decode(u)), Some(decode(p))),
                None => (Some(decode(c)), None),
            },
            None => (None, None),
        };
        Ok(SmtpTarget {
            host: host.to_owned(),
            port,
            implicit_tls,
            starttls,
            user,
            password,
        })
    }
}

/// Everything that sends, built from the settings once.
pub struct Senders {
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, Mailbox)>,
    webhook: Option<(reqwest::Client, String, Option<String>)>,
}

impl Senders {
    pub fn new(settings: &Settings) -> anyhow::Result<Senders> {
        let smtp = match &settings.smtp_url {
            None => None,
            Some(url) => {
                let target = SmtpTarget::parse(url).map_err(anyhow::Error::msg)?;
                let mut builder = if target.implicit_tls {
                    AsyncSmtpTransport::<Tokio1Executor>::relay(&target.host)?
                } else if target.starttls {
                    AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&target.host)?
                } else {
                    AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&target.host)
                };
                builder = builder
                    .port(target.port)
                    .timeout(Some(Duration::from_secs(20)));
                if let Some(user) = &target.user {
                    builder = builder.credentials(Credentials::new(
                        user.clone(),
                        target.password.clone().unwrap_or_default(),
                    ));
                }
                let from: Mailbox = settings.mail_from.parse().with_context(|| {
                    format!(
                        "CONCIERGE_MAIL_FROM {:?} is not an address",
                        settings.mail_from
                    )
                })?;
                Some((builder.build(), from))
            }
        };
        let webhook = settings.webhook_url.as_ref().map(|url| {
            let client = reqwest::Client::builder()
                .timeout(Duration::from_secs(15))
                .build()
                .expect("an HTTP client");
            (client, url.clone(), settings.webhook_secret.clone())
        });
        Ok(Senders { smtp, webhook })
    }

    /// Sends one message the way `channel` says.
    pub async fn send(&self, channel: Channel, message: &Message) -> anyhow::Result<()> {
        match channel {
            Channel::Email => self.email(message).await,
            Channel::Webhook => self.post(message).await,
        }
    }

    async fn email(&self, message: &Message) -> anyhow::Result<()> {
        let Some((transport, from)) = &self.smtp else {
            bail!("CONCIERGE_SMTP_URL is no longer set");
        };
        let mut email = lettre::Message::builder()
            .from(from.clone())
            .subject(&message.subject)
            .message_id(Some(message.key.clone()))
            .header(ContentType::TEXT_PLAIN);
        for to in &message.to {
            email = email.to(to
                .parse()
                .with_context(|| format!("{to:?} is not an address"))?);
        }
        let email = email.body(message.body.clone())?;
        transport.send(email).await?;
        Ok(())
    }

    async fn post(&self, message: &Message) -> anyhow::Result<()> {
        let Some((client, url, secret)) = &self.webhook else {
            bail!("CONCIERGE_WEBHOOK_URL is no longer set");
        };
        let mut request = client
            .post(url)
            .header("content-type", "application/json")
            .header("x-concierge-delivery", &message.key)
            .body(message.body.clone());
        if let Some(secret) = secret {
            request = request.header(
                "x-concierge-signature",
                crate::signature(secret, message.body.as_bytes()),
            );
        }
        let response = request.send().await?;
        if !response.status().is_success() {
            bail!("the webhook answered {}", response.status());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_read_as_the_readme_writes_them() {
        let t = SmtpTarget::parse("smtps://desk%40dar.example:p%3Ass@mail.example:465").unwrap();
        assert_eq!(
            (t.host.as_str(), t.port, t.implicit_tls),
            ("mail.example", 465, true)
        );
        assert_eq!(
            (t.user.as_deref(), t.password.as_deref()),
            (Some("desk@dar.example"), Some("p:ss"))
        );
        let t = SmtpTarget::parse("smtp://mail.example:587?tls=starttls").unwrap();
        assert!(t.starttls && !t.implicit_tls && t.port == 587);
        assert_eq!(
            SmtpTarget::parse("smtp://127.0.0.1:2525").unwrap().port,
            2525
        );
        for bad in [
            "http://x",
            "smtp://",
            "smtp://host:port",
            "smtp://h?tls=maybe",
        ] {
            assert!(SmtpTarget::parse(bad).is_err(), "{bad}");
        }
    }
}
