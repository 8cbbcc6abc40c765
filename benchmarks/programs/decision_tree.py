"""CART decision tree classifier written the way tutorials write it: an exhaustive split
search in Python loops (``for threshold in np.unique(column)``), Gini impurity from
``collections.Counter``, labels in ``set(y)`` and as dict keys, and nodes that branch on
``isinstance(threshold, (int, float))``: ``<=`` for numeric values, ``==`` otherwise.

Size at scale 1: 500 training and 200 test rows of 6 mixed columns (4 float, one integer
count, one string category), 3 classes, max depth 6, min 4 samples per split.
"""

from collections import Counter


class Node:
    def __init__(self, feature=None, threshold=None, left=None, right=None, prediction=None,
                 counts=None):
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.prediction = prediction
        self.counts = counts

    def is_leaf(self):
        return self.prediction is not None


def gini(labels):
    counts = Counter(labels)
    impurity = 1.0
    for label in counts:
        p = counts[label] / len(labels)
        impurity -= p**2
    return impurity


def partition(column, threshold):
    """Mask of the rows that go left."""
    if isinstance(threshold, (int, float)):
        return column <= threshold
    return column == threshold


def find_best_split(np, columns, y):
    best_gain, best_feature, best_threshold = 0.0, None, None
    current = gini(y)
    n = len(y)
    for feature, column in enumerate(columns):
        for threshold in np.unique(column):
            left = partition(column, threshold)
            n_left = left.sum()
            if n_left == 0 or n_left == n:
                continue
            p = n_left / n
            gain = current - p * gini(y[left]) - (1 - p) * gini(y[~left])
            if gain > best_gain:
                best_gain, best_feature, best_threshold = gain, feature, threshold
    return best_gain, best_feature, best_threshold


def build_tree(np, columns, y, depth=0, max_depth=6, min_samples=4):
    counts = dict(Counter(y))
    if len(set(y)) == 1 or depth >= max_depth or len(y) < min_samples:
        return Node(prediction=max(counts, key=counts.get), counts=counts)
    _gain, feature, threshold = find_best_split(np, columns, y)
    if feature is None:
        return Node(prediction=max(counts, key=counts.get), counts=counts)
    left = partition(columns[feature], threshold)
    left_columns = [col[left] for col in columns]
    right_columns = [col[~left] for col in columns]
    return Node(
        feature=feature,
        threshold=threshold,
        left=build_tree(np, left_columns, y[left], depth + 1, max_depth, min_samples),
        right=build_tree(np, right_columns, y[~left], depth + 1, max_depth, min_samples),
        counts=counts,
    )


def classify(node, row):
    while not node.is_leaf():
        value = row[node.feature]
        if isinstance(node.threshold, (int, float)):
            node = node.left if value <= node.threshold else node.right
        else:
            node = node.left if value == node.threshold else node.right
    return node.prediction


def describe(node):
    """(number of nodes, depth, the thresholds in pre-order)."""
    if node.is_leaf():
        return 1, 0, []
    n_left, d_left, t_left = describe(node.left)
    n_right, d_right, t_right = describe(node.right)
    return 1 + n_left + n_right, 1 + max(d_left, d_right), [node.threshold, *t_left, *t_right]


def make_data(np, rng, n):
    colours = np.array(["red", "green", "blue"])
    X = rng.normal(size=(n, 4)).round(2)
    rooms = rng.integers(1, 7, size=n)
    colour = colours[rng.integers(0, 3, size=n)]
    score = X[:, 0] + 0.8 * X[:, 1] * X[:, 2] + 0.3 * rooms - 1.0 * (colour == "blue")
    score = score + rng.normal(scale=0.4, size=n)
    y = np.digitize(score, [0.2, 1.4])
    columns = [X[:, 0], X[:, 1], X[:, 2], X[:, 3], rooms, colour]
    return columns, y


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(8)
    n_train, n_test = max(60, int(500 * scale)), max(30, int(200 * scale))
    columns, y = make_data(np, rng, n_train + n_test)
    train_cols = [col[:n_train] for col in columns]
    test_cols = [col[n_train:] for col in columns]
    y_train, y_test = y[:n_train], y[n_train:]

    tree = build_tree(np, train_cols, y_train)
    rows = list(zip(*test_cols))
    predictions = [classify(tree, row) for row in rows]
    correct = sum(1 for p, t in zip(predictions, y_test) if p == t)
    n_nodes, depth, thresholds = describe(tree)
    numeric = [t for t in thresholds if isinstance(t, (int, float))]
    return {
        "predictions": predictions,
        "accuracy": correct / len(y_test),
        "n_nodes": n_nodes,
        "depth": depth,
        "numeric_thresholds": numeric,
        "categorical_thresholds": [str(t) for t in thresholds if not isinstance(t, (int, float))],
        "root_counts": sorted(tree.counts.items()),
        "classes": sorted(set(y_train)),
    }
