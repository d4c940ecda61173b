fn main() {
    println!("{}", pack_heavy::item01());
}
