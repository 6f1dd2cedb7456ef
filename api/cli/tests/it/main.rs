//! The API's integration tests: the real server over HTTP, on SQLite or PostgreSQL
//! (see `helpers::spawn_app`).

mod accounts;
mod auth;
mod backup;
mod banners;
mod blogs;
mod cli;
mod contact;
mod deploy;
mod desk;
mod destinations;
mod edge;
mod editing;
mod encoded_paths;
mod faults;
mod front;

mod general_content;
mod helpers;
mod images;
mod indexes;
mod kinds;
mod lifecycle;
mod live_events;
mod media;
mod notifications;
mod operations;
mod outages;
mod outbox;

mod platform;
mod prometheus;
mod publishing;
mod read_cache;
mod refusals;
mod review_queue;
mod reviews;
mod roles;
mod rules;
mod s3;
mod search;
mod service_lists;
mod services;
mod site;
mod spreadsheets;
mod subscriptions;
mod today;
mod translations;
mod versions;
