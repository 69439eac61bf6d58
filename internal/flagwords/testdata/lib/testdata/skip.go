package skip

const s = "pass --force"
