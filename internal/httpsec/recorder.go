package httpsec

import "net/http"

// Recorder passes a response through and remembers its status and size,
// for the access logs and metrics of the API and the dashboard.
type Recorder struct {
	http.ResponseWriter
	Status int // 0 until the handler writes
	Bytes  int
}

func (s *Recorder) WriteHeader(code int) {
	if s.Status == 0 {
		s.Status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *Recorder) Write(b []byte) (int, error) {
	if s.Status == 0 {
		s.Status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.Bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (s *Recorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
