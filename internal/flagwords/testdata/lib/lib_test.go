package lib

const inTest = "tests may say --force"
