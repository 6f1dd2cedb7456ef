//! What a real installation runs (`deploy/`), checked by the tools that run it: the systemd
//! unit by `systemd-analyze verify`, the Caddyfile by `caddy validate`, the VCL by Varnish's
//! compiler, and the three agree on where each listens. (`edge.rs` runs the VCL in front of a
//! server.)

use std::path::PathBuf;
use std::process::Command;

fn deploy(file: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy")).join(file)
}

fn tool(name: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .unwrap();
    assert!(
        found.status.success(),
        "{name} is missing: `just test-deps` installs it"
    );
}

#[test]
fn the_systemd_unit_verifies_with_this_binary_in_place() {
    tool("systemd-analyze");
    let unit = std::fs::read_to_string(deploy("concierge.service")).unwrap();
    let exec = "ExecStart=/usr/local/bin/concierge serve";
    assert!(unit.contains(exec), "the unit starts the installed binary");
    let dir = tempfile::tempdir().unwrap();
    let here = unit.replace(
        exec,
        &format!("ExecStart={} serve", env!("CARGO_BIN_EXE_concierge")),
    );
    let path = dir.path().join("concierge.service");
    std::fs::write(&path, here).unwrap();
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        !said.lines().any(|l| l.contains("concierge.service")),
        "systemd-analyze has something to say about the unit: {said}"
    );
}

#[test]
fn the_caddyfile_validates() {
    tool("caddy");
    let out = Command::new("caddy")
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(deploy("Caddyfile"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_vcl_compiles_and_the_three_agree_on_the_ports() {
    tool("varnishd");
    let work = tempfile::tempdir().unwrap();
    let out = Command::new("varnishd")
        .arg("-C")
        .arg("-f")
        .arg(deploy("varnish/concierge.vcl"))
        .arg("-n")
        .arg(work.path().join("n"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let unit = std::fs::read_to_string(deploy("concierge.service")).unwrap();
    let vcl = std::fs::read_to_string(deploy("varnish/concierge.vcl")).unwrap();
    let caddy = std::fs::read_to_string(deploy("Caddyfile")).unwrap();
    // The server on 127.0.0.1:8080, Varnish's backend there, Caddy to Varnish's Debian port.
    assert!(unit.contains("Environment=CONCIERGE_ADDR=127.0.0.1:8080"));
    assert!(vcl.contains(".host = \"127.0.0.1\";") && vcl.contains(".port = \"8080\";"));
    assert!(caddy.contains("reverse_proxy 127.0.0.1:6081"));
}
