//! Who may do what: the five roles of the team and the permissions each one holds. This is the
//! one table of it. Every administrator's operation of the API names the one permission it
//! needs (its OpenAPI security scope, read by `http::operations`), and the server answers 403
//! to a role that does not hold it; the admin asks `GET /account` for its permissions and
//! shows only what they allow.

use serde::{Deserialize, Serialize};

/// An administrator's role: exactly one each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Everything, and the team, the audit log, deleting enquiries and subscribers.
    Owner,
    /// All public content, the media library, publishing.
    Editor,
    /// Writes drafts: every save waits for an editor.
    Contributor,
    /// Changes the Arabic twins of existing content: every save waits for an editor.
    Translator,
    /// The enquiry desk: enquiries and subscribers, nothing else.
    Enquiries,
}

/// What an administrator's operation needs (beyond being signed in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Permission {
    /// The administrator's own account: password, sessions, two-factor, signing out.
    Account,
    /// Content as the back office reads it: drafts and pending changes, revisions, the trash,
    /// the schedule, previews, the publisher's status.
    ContentRead,
    /// A new content item.
    ContentCreate,
    /// A save over an existing content item.
    ContentEdit,
    /// Publishing, unpublishing, scheduling, restoring a revision.
    ContentPublish,
    /// Deleting and undeleting content.
    ContentDelete,
    /// Replacing content from a spreadsheet.
    ContentImport,
    /// The translations' worklist (`GET /translations`: what lacks its Arabic, or has an Arabic
    /// older than its English) and "the Arabic is still right".
    Translations,
    /// The review queue (`GET /review`: every change waiting for an editor) and returning a
    /// change to its author with a note.
    Review,
    /// Uploading pictures and videos, and choosing from the media library.
    MediaUpload,
    /// The media library's words for a file, its focal point, its deletion and return.
    MediaManage,
    /// Retrying a failed publish.
    PublishingRetry,
    /// Contact enquiries (list, one, export) and the notifications about them.
    EnquiriesRead,
    /// An enquiry's status and notes.
    EnquiriesEdit,
    EnquiriesDelete,
    /// Adding enquiries from a spreadsheet (a migration from another system: the owner's).
    EnquiriesImport,
    /// The newsletter's subscribers.
    SubscriptionsRead,
    SubscriptionsDelete,
    /// The administrators and their roles.
    Team,
    /// The audit log.
    Audit,
}

/// How a role's saves of content are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writes {
    /// As sent: published, scheduled or a draft.
    AsSent,
    /// Always a draft, or the pending change of a published item; the schedule is kept.
    Drafts,
    /// Like [`Writes::Drafts`], and only the Arabic twins (`*_ar`) may differ from what is
    /// stored.
    ArabicDrafts,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Owner,
        Role::Editor,
        Role::Contributor,
        Role::Translator,
        Role::Enquiries,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Editor => "editor",
            Role::Contributor => "contributor",
            Role::Translator => "translator",
            Role::Enquiries => "enquiries",
        }
    }

    pub fn parse(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// Whether the role holds `permission`: the table of the architecture's "Roles and
    /// permissions".
    pub fn may(self, permission: Permission) -> bool {
        use Permission as P;
        match self {
            Role::Owner => true,
            Role::Editor => matches!(
                permission,
                P::Account
                    | P::ContentRead
                    | P::ContentCreate
                    | P::ContentEdit
                    | P::ContentPublish
                    | P::ContentDelete
                    | P::ContentImport
                    | P::Translations
                    | P::Review
                    | P::MediaUpload
                    | P::MediaManage
                    | P::PublishingRetry
            ),
            Role::Contributor => matches!(
                permission,
                P::Account | P::ContentRead | P::ContentCreate | P::ContentEdit | P::MediaUpload
            ),
            Role::Translator => matches!(
                permission,
                P::Account | P::ContentRead | P::ContentEdit | P::Translations
            ),
            Role::Enquiries => matches!(
                permission,
                P::Account | P::EnquiriesRead | P::EnquiriesEdit | P::SubscriptionsRead
            ),
        }
    }

    /// Every permission the role holds, by name (what `GET /account` lists).
    pub fn permissions(self) -> Vec<&'static str> {
        Permission::ALL
            .into_iter()
            .filter(|p| self.may(*p))
            .map(Permission::as_str)
            .collect()
    }

    /// How the role's saves of content are stored.
    pub fn writes(self) -> Writes {
        match self {
            Role::Contributor => Writes::Drafts,
            Role::Translator => Writes::ArabicDrafts,
            _ => Writes::AsSent,
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Permission {
    pub const ALL: [Permission; 20] = [
        Permission::Account,
        Permission::ContentRead,
        Permission::ContentCreate,
        Permission::ContentEdit,
        Permission::ContentPublish,
        Permission::ContentDelete,
        Permission::ContentImport,
        Permission::Translations,
        Permission::Review,
        Permission::MediaUpload,
        Permission::MediaManage,
        Permission::PublishingRetry,
        Permission::EnquiriesRead,
        Permission::EnquiriesEdit,
        Permission::EnquiriesDelete,
        Permission::EnquiriesImport,
        Permission::SubscriptionsRead,
        Permission::SubscriptionsDelete,
        Permission::Team,
        Permission::Audit,
    ];

    /// The permission's name: the OpenAPI scope an operation declares and what the admin reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Permission::Account => "account",
            Permission::ContentRead => "content.read",
            Permission::ContentCreate => "content.create",
            Permission::ContentEdit => "content.edit",
            Permission::ContentPublish => "content.publish",
            Permission::ContentDelete => "content.delete",
            Permission::ContentImport => "content.import",
            Permission::Translations => "translations",
            Permission::Review => "review",
            Permission::MediaUpload => "media.upload",
            Permission::MediaManage => "media.manage",
            Permission::PublishingRetry => "publishing.retry",
            Permission::EnquiriesRead => "enquiries.read",
            Permission::EnquiriesEdit => "enquiries.edit",
            Permission::EnquiriesDelete => "enquiries.delete",
            Permission::EnquiriesImport => "enquiries.import",
            Permission::SubscriptionsRead => "subscriptions.read",
            Permission::SubscriptionsDelete => "subscriptions.delete",
            Permission::Team => "team",
            Permission::Audit => "audit",
        }
    }

    pub fn parse(name: &str) -> Option<Permission> {
        Permission::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        for permission in Permission::ALL {
            assert_eq!(Permission::parse(permission.as_str()), Some(permission));
        }
        assert_eq!(Role::parse("admin"), None);
    }

    #[test]
    fn every_role_has_its_account_and_only_the_owner_the_team_and_the_audit_log() {
        for role in Role::ALL {
            assert!(role.may(Permission::Account), "{role}");
            assert_eq!(role.may(Permission::Team), role == Role::Owner, "{role}");
            assert_eq!(role.may(Permission::Audit), role == Role::Owner, "{role}");
            assert_eq!(
                role.may(Permission::EnquiriesDelete),
                role == Role::Owner,
                "{role}"
            );
        }
    }

    #[test]
    fn the_desk_sees_no_content_and_the_writers_no_enquiries() {
        assert!(!Role::Enquiries.may(Permission::ContentRead));
        for role in [Role::Editor, Role::Contributor, Role::Translator] {
            assert!(!role.may(Permission::EnquiriesRead), "{role}");
            assert!(role.may(Permission::ContentEdit), "{role}");
        }
        for role in [Role::Contributor, Role::Translator] {
            assert!(!role.may(Permission::ContentPublish), "{role}");
            assert!(!role.may(Permission::ContentDelete), "{role}");
        }
        assert!(!Role::Translator.may(Permission::ContentCreate));
    }
}
