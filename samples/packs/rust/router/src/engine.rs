//! A model engine whose generation can fail: tasks.rs spawns it.  The
//! free fn `generate` (a handler's) returns no Result; the method does --
//! a call `x.generate(..)` is the method's.

pub struct Model {
    pub name: String,
}

impl Model {
    pub async fn generate(&self, prompt: &str, on_token: Box<dyn FnMut(String) + Send>) -> Result<String, std::io::Error> {
        let mut on_token = on_token;
        on_token(prompt.to_owned());
        Ok(String::new())
    }

    pub async fn describe(&self) -> String {
        String::new()
    }

    pub async fn close(&self) -> std::io::Result<()> {
        Ok(())
    }
}

pub async fn generate(prompt: String) -> String {
    prompt
}

impl Model {
    pub async fn waiting(&self) -> Result<(), std::io::Error> {
        Ok(())
    }
}
