//! The demo content and artwork are compiled in (`include_dir!`, `include_str!`): rebuild when
//! they change.
fn main() {
    println!("cargo:rerun-if-changed=seed");
}
