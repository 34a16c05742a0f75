module github.com/songsmith/songsmith/client

go 1.23
