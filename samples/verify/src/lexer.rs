pub struct Lexer<'a> {
    pub chars: std::str::Chars<'a>,
}

impl<'a> Lexer<'a> {
    /// Peeks by advancing a copy of the iterator.  Without the clone this
    /// still compiles -- and consumes a char: never proposed.
    pub fn peek(&mut self) -> Option<char> {
        self.chars.clone().next()
    }
}
