fn main() {
    println!("Hello from Acme");
}
