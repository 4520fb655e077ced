//! A fake HTTP service (an OpenAI-compatible API, Google's web services, or Razorpay's API): a
//! small HTTP/1.1 responder that records each request.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// How the fake answers every request.
#[derive(Debug, Clone)]
pub enum Behaviour {
    /// 200 with this JSON body.
    Json(String),
    /// This status with this body.
    Status(u16, String),
    /// Reads the request and never answers.
    Hang,
    /// The status and body this function gives for the request: a fake that routes by path
    /// and keeps state (Razorpay's API).
    Respond(Responder),
}

/// The status and JSON body of the answer to a request.
type Respond = dyn Fn(&Recorded) -> (u16, String) + Send + Sync;

/// A function from a request to the status and JSON body of its answer.
#[derive(Clone)]
pub struct Responder(Arc<Respond>);

impl Responder {
    pub fn new(respond: impl Fn(&Recorded) -> (u16, String) + Send + Sync + 'static) -> Self {
        Self(Arc::new(respond))
    }
}

impl std::fmt::Debug for Responder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Responder")
    }
}

/// One request as received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// Reads one HTTP/1.1 request (its line, headers and `Content-Length` body): the fakes of this
/// suite answer what they read with whatever the test scripted.
pub async fn read_request(reader: &mut BufReader<TcpStream>) -> Recorded {
    let mut request_line = String::new();
    reader
        .read_line(&mut request_line)
        .await
        .expect("a request line");
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).await.expect("a header line");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').expect("name: value");
        headers.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    let length: usize = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .map_or(0, |(_, value)| value.parse().expect("a length"));
    let mut body = vec![0; length];
    reader.read_exact(&mut body).await.expect("the body");
    Recorded {
        method,
        path,
        headers,
        body,
    }
}

impl Recorded {
    /// The value of the header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(header, _)| header.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("a JSON request body")
    }
}

#[derive(Debug)]
pub struct FakeModel {
    pub base_url: String,
    requests: Arc<Mutex<Vec<Recorded>>>,
    server: tokio::task::JoinHandle<()>,
}

impl FakeModel {
    pub async fn start(behaviour: Behaviour) -> FakeModel {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a listener");
        let port = listener.local_addr().expect("its address").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let recorded = Arc::clone(&requests);
        let server = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, behaviour.clone(), Arc::clone(&recorded)));
            }
        });
        FakeModel {
            base_url: format!("http://127.0.0.1:{port}/v1/"),
            requests,
            server,
        }
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().expect("not poisoned").clone()
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        self.server.abort();
    }
}

async fn serve(stream: TcpStream, behaviour: Behaviour, requests: Arc<Mutex<Vec<Recorded>>>) {
    let mut reader = BufReader::new(stream);
    let recorded = read_request(&mut reader).await;
    requests
        .lock()
        .expect("not poisoned")
        .push(recorded.clone());

    let (status, body) = match behaviour {
        Behaviour::Json(body) => (200, body),
        Behaviour::Status(status, body) => (status, body),
        Behaviour::Respond(respond) => (respond.0)(&recorded),
        Behaviour::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            return;
        }
    };
    write_answer(reader, status, &body).await;
}

/// Answers the request read from `reader` with `status` and the JSON `body`, and closes.
pub async fn write_answer(reader: BufReader<TcpStream>, status: u16, body: &str) {
    let response = format!(
        "HTTP/1.1 {status} Fake\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = reader.into_inner();
    stream
        .write_all(response.as_bytes())
        .await
        .expect("the answer is written");
    stream.shutdown().await.expect("closed");
}

/// OpenAI's answer shape with this reply.
pub fn completion(content: &str) -> String {
    serde_json::json!({
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_795_000_000,
        "model": "gpt-test",
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": content},
            "finish_reason": "stop"
        }],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    })
    .to_string()
}
