//! The outboxes: work recorded in the transaction of the write that calls for it, and done by
//! a worker after the commit. Every layer above enqueues here, downward.

pub mod messages;
pub mod publish_jobs;
