//! Templates, the stylesheet and `content/` are compiled in with `include_dir!`, which cargo
//! does not track: rebuild when they change.
fn main() {
    for dir in ["templates", "assets", "../content"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
